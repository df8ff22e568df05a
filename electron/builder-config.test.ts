import { existsSync } from 'node:fs';
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

  it('ships what the main process loads at runtime', async () => {
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
      'supabase/local/**/*',
      'supabase/migrations/**/*',
    ]) {
      expect(files).toContain(needed);
    }
    // The embedded backend's entry, loaded by electron/main/backend/backendHost.ts.
    expect(existsSync(path.join(projectDir, 'supabase/local/index.ts'))).toBe(true);
  });
});
