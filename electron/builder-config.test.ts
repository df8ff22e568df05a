import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';

/**
 * electron-builder.yml is read and validated with electron-builder's own loader and JSON schema, so
 * a typo or an unknown key fails here instead of at release time on a packaging machine.
 */
const require = createRequire(import.meta.url);
// Deep import: app-builder-lib has no exports map; these are the functions `electron-builder` runs.
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Configuration>;
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

const projectDir = fileURLToPath(new URL('..', import.meta.url));

async function loadConfig(): Promise<Configuration> {
  return getConfig(projectDir, path.join(projectDir, 'electron-builder.yml'), null);
}

function targetNames(target: unknown): string[] {
  const list = Array.isArray(target) ? target : [target];
  return list.map((t) => (typeof t === 'string' ? t : (t as { target: string }).target));
}

describe('electron-builder.yml', () => {
  // Compiling electron-builder's JSON schema takes a few seconds on a busy machine.
  it('passes electron-builder validation', { timeout: 60_000 }, async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // The validator really checks: the same file with a misspelt key is refused.
    await expect(
      validateConfiguration({ ...config, protocol: config.protocols } as Configuration, new DebugLogger(false)),
    ).rejects.toThrow(/protocol/);
  });

  it('names the app and registers the concierge:// scheme', async () => {
    const config = await loadConfig();
    expect(config.appId).toBe('org.concierge.desktop');
    expect(config.productName).toBe('Concierge');
    const protocols = Array.isArray(config.protocols) ? config.protocols : [config.protocols];
    expect(protocols.flatMap((p) => p?.schemes ?? [])).toContain('concierge');
  });

  it('builds AppImage + deb, dmg and nsis', async () => {
    const config = await loadConfig();
    expect(targetNames(config.linux?.target)).toEqual(['AppImage', 'deb']);
    expect(targetNames(config.mac?.target)).toEqual(['dmg']);
    expect(targetNames(config.win?.target)).toEqual(['nsis']);
  });

  it('points at icon and entitlement files that exist', async () => {
    const config = await loadConfig();
    for (const file of [config.linux?.icon, config.mac?.icon, config.win?.icon, config.mac?.entitlements]) {
      expect(typeof file).toBe('string');
      expect(existsSync(path.join(projectDir, file as string)), String(file)).toBe(true);
    }
  });

  it('ships the bundles and the SQL the embedded backend reads, and no TypeScript', async () => {
    const config = await loadConfig();
    // The loader normalises `files` into file sets ({ filter: [...] }).
    const sets = (Array.isArray(config.files) ? config.files : [config.files]) as (string | { filter?: string[] })[];
    const files = sets
      .flatMap((set) => (typeof set === 'string' ? [set] : (set.filter ?? [])))
      .filter((f) => !f.startsWith('!'));
    for (const needed of [
      'package.json',
      'dist-electron/**/*',
      'dist/renderer/**/*',
      'supabase/config.toml',
      'supabase/seed.sql',
      'supabase/migrations/**/*',
      'supabase/local/bootstrap/*.sql',
    ]) {
      expect(files).toContain(needed);
    }
    // The backend is dist-electron/backend.mjs (scripts/build-backend.mjs): no sources at run time.
    expect(files.filter((f) => f.startsWith('supabase/local/') && !f.startsWith('supabase/local/bootstrap/'))).toEqual(
      [],
    );
    expect(files.filter((f) => f.startsWith('supabase/functions'))).toEqual([]);
    expect(readdirSync(path.join(projectDir, 'supabase/local/bootstrap')).some((f) => f.endsWith('.sql'))).toBe(true);
    const pkg = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    // Only production dependencies are packaged: tsx is a development tool now.
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.dependencies['electron-updater']).toBeDefined();
    expect(pkg.scripts['build:electron']).toContain('scripts/build-backend.mjs');
  });

  it('publishes to a generic update feed whose URL comes from CONCIERGE_UPDATE_URL', async () => {
    const config = await loadConfig();
    const publish = (Array.isArray(config.publish) ? config.publish : [config.publish])[0] as {
      provider: string;
      url: string;
    };
    expect(publish.provider).toBe('generic');
    expect(publish.url).toBe('${env.CONCIERGE_UPDATE_URL}');
    expect(config.artifactName).toBe('${productName}-${version}-${os}-${arch}.${ext}');
  });

  it('documents every signing variable', () => {
    const text = readFileSync(path.join(projectDir, 'electron-builder.yml'), 'utf8');
    for (const variable of [
      'CSC_LINK',
      'CSC_KEY_PASSWORD',
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
    ]) {
      expect(text).toMatch(new RegExp(`^#\\s+${variable}\\s`, 'm'));
    }
  });
});
