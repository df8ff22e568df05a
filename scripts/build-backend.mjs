#!/usr/bin/env node
// Bundles the desktop app's embedded backend (supabase/local + every edge function handler, through
// the static registry of ./lib/backend-entry.mjs) into dist-electron/backend.mjs, which the main
// process starts in an Electron utility process: no tsx and no TypeScript at run time.
// PGlite stays a package in node_modules: it reads its wasm and extension bundles from beside its
// own files. The SQL the stack applies (bootstrap, migrations, seed) and config.toml are read from
// the app folder (electron-builder.yml `files`). esbuild comes with vite/tsx.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backendEntrySource, functionSlugs } from './lib/backend-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist-electron', 'backend.mjs');
const slugs = functionSlugs(path.join(root, 'supabase', 'functions'));
await build({
  stdin: { contents: backendEntrySource(slugs), resolveDir: root, sourcefile: 'backend-entry.ts', loader: 'ts' },
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  legalComments: 'linked',
  sourcemap: process.argv.includes('--sourcemap'),
  external: ['electron', '@electric-sql/pglite', '@electric-sql/pglite/*', 'bufferutil', 'utf-8-validate'],
  // Bundled CommonJS packages (twilio, ws) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __backendRequire } from 'node:module'; const require = __backendRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(
  `embedded backend bundled: ${path.relative(root, outfile)} (${slugs.length} functions: ${slugs.join(', ')})`,
);
