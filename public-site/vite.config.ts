import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { staticHostHeadersPlugin, wantsSourcemaps } from '../scripts/lib/build-options.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/public-site', import.meta.url));

/** Port of the visitor site; `npm start` serves it on `http://{agent}.localhost:<port>`. */
function sitePort(): number {
  const raw = process.env.CONCIERGE_SITE_PORT;
  const port = raw ? Number(raw) : 5181;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`CONCIERGE_SITE_PORT must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

const port = sitePort();
const listenHost = process.env.CONCIERGE_SITE_HOST ?? '127.0.0.1';

export default defineConfig(({ mode }) => ({
  root,
  plugins: [react(), staticHostHeadersPlugin('site')],
  // The one contract module shared with the console and the functions.
  resolve: {
    alias: { '@contracts': fileURLToPath(new URL('../supabase/functions/_shared/contracts', import.meta.url)) },
  },
  // The site always sits at the root of its host (one host per agent), so absolute asset URLs stay
  // valid on any path of the subdomain, e.g. /test-agent.
  base: '/',
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the es2022 target admits preloads modules natively; the polyfill would only
    // add to the first load.
    modulePreload: { polyfill: false },
    sourcemap: wantsSourcemaps(mode),
  },
  server: {
    port,
    strictPort: true,
    // Browsers resolve `*.localhost` to the loopback address without DNS; listen there and accept
    // every `.localhost` Host header so each agent subdomain reaches the same server. Set
    // CONCIERGE_SITE_HOST=0.0.0.0 to expose it to the network on purpose.
    host: listenHost,
    allowedHosts: ['.localhost'],
  },
  preview: {
    port,
    strictPort: true,
    host: listenHost,
    allowedHosts: ['.localhost'],
  },
}));
