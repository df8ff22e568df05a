import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron';
import { wantsSourcemaps } from '../scripts/lib/build-options.ts';

/**
 * Builds the Electron main process and the preload into dist-electron/ (the renderer is built by
 * renderer/vite.config.ts into dist/renderer; the embedded backend, backend.mjs, by
 * scripts/build-backend.mjs in the same `npm run build:electron`).
 *
 * - main.js: ESM (package.json is "type": "module"; Electron 45 loads ESM mains), built by
 *   vite-plugin-electron with Electron and Node built-ins external.
 * - preload.cjs: CommonJS, because a sandboxed preload runs as a classic script and cannot be an ES
 *   module; everything except `electron` is inlined (a sandboxed preload cannot require packages).
 *   It is this config's own build input, which also keeps the plugin from writing a mock
 *   index.html build into dist/ (and emptying dist/, where the renderer and the site live).
 */
const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../dist-electron', import.meta.url));

export default defineConfig(({ mode }) => {
  const sourcemap = wantsSourcemaps(mode);
  return {
    root: projectRoot,
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      sourcemap,
      minify: true,
      target: 'chrome140',
      rolldownOptions: {
        input: { preload: fileURLToPath(new URL('./preload/index.ts', import.meta.url)) },
        external: ['electron'],
        output: { format: 'cjs', codeSplitting: false, entryFileNames: '[name].cjs' },
      },
    },
    plugins: [
      electron({
        entry: fileURLToPath(new URL('./main/index.ts', import.meta.url)),
        vite: {
          build: {
            outDir,
            emptyOutDir: false,
            sourcemap,
            minify: false,
            target: 'node22',
            rolldownOptions: {
              // The embedded backend is its own bundle (dist-electron/backend.mjs, built by
              // scripts/build-backend.mjs) run in a utility process; main never imports it.
              // electron-updater is CommonJS that requires Electron lazily: loaded from node_modules.
              external: ['electron-updater'],
              output: { entryFileNames: 'main.js' },
            },
          },
        },
      }),
    ],
  };
});
