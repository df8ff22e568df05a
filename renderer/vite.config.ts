import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { staticHostHeadersPlugin, wantsSourcemaps } from '../scripts/lib/build-options.ts';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const consolePort = Number(process.env.CONCIERGE_CONSOLE_PORT ?? 5180);

/**
 * The console. `base: './'` keeps asset URLs relative so the same build loads
 * from Electron's app:// protocol and from any web host; index.html pins `<base href="/">` so deep
 * links (e.g. /agents/1/dashboard) still resolve assets from the root.
 */
export default defineConfig(({ mode }) => ({
  root: rendererRoot,
  base: './',
  envDir: repoRoot,
  plugins: [react(), staticHostHeadersPlugin('console')],
  // The Test Agent sandbox reuses the public site's conversation UI (chat + call overlay) as is,
  // one source for both; tsconfig.json `paths` and the eslint zone rules know this alias too.
  // `@contracts` is the one contract module (wire formats, JSON column schemas, shared rules) that
  // the console, the public site and the functions all import.
  resolve: {
    alias: {
      '@conversation': `${repoRoot}public-site/src/conversation`,
      '@contracts': `${repoRoot}supabase/functions/_shared/contracts`,
    },
  },
  build: {
    outDir: `${repoRoot}dist/renderer`,
    emptyOutDir: true,
    sourcemap: wantsSourcemaps(mode),
    chunkSizeWarningLimit: 2000,
    // preview.html: the Branding editor's live preview, the public site's own page in a frame.
    rollupOptions: { input: { main: `${rendererRoot}index.html`, preview: `${rendererRoot}preview.html` } },
  },
  server: { port: consolePort, strictPort: true },
  preview: { port: consolePort, strictPort: true },
}));
