import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { staticHostHeadersPlugin, wantsSourcemaps } from './build-options.ts';

const config = (app: string) => fileURLToPath(new URL(`../../${app}/vite.config.ts`, import.meta.url));

describe('source maps', () => {
  it('are left out of production builds and kept for debugging builds', () => {
    expect(wantsSourcemaps('production', {})).toBe(false);
    expect(wantsSourcemaps('debug', {})).toBe(true);
    expect(wantsSourcemaps('production', { VITE_SOURCEMAP: 'true' })).toBe(true);
  });

  it.each(['renderer', 'public-site', 'electron'])(
    '%s: none in `npm run build`, some with --mode debug',
    async (app) => {
      const production = await resolveConfig({ configFile: config(app) }, 'build', 'production');
      expect(production.build.sourcemap).toBe(false);
      const debug = await resolveConfig({ configFile: config(app) }, 'build', 'debug');
      expect(debug.build.sourcemap).toBe(true);
    },
  );
});

describe('static host _headers', () => {
  it('is emitted into the build with the configured API', () => {
    const emitted: { fileName?: string; source?: unknown }[] = [];
    const plugin = staticHostHeadersPlugin('console', {
      CONCIERGE_SUPABASE_URL: 'https://abc.supabase.co',
    }) as Plugin & {
      generateBundle: (this: { emitFile: (f: (typeof emitted)[number]) => string }) => void;
    };
    plugin.generateBundle.call({ emitFile: (file) => (emitted.push(file), 'id') });
    expect(emitted[0]?.fileName).toBe('_headers');
    expect(String(emitted[0]?.source)).toContain('wss://abc.supabase.co');
    expect(String(emitted[0]?.source)).toContain("frame-ancestors 'none'");
  });
});
