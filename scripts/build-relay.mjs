#!/usr/bin/env node
// Bundles the standalone phone relay (supabase/functions/phone-relay/node-main.ts) and every package
// it uses into one ESM file, dist-relay/relay.mjs, run with `node dist-relay/relay.mjs` (no tsx, no
// node_modules at run time; deploy/relay/Dockerfile copies just this file). esbuild comes with tsx.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'dist-relay', 'relay.mjs');
await build({
  entryPoints: [path.join(root, 'supabase', 'functions', 'phone-relay', 'node-main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'linked',
  // ws loads these native speed-ups only when installed.
  external: ['bufferutil', 'utf-8-validate'],
  // Bundled CommonJS packages (twilio, ws) call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __relayRequire } from 'node:module'; const require = __relayRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`phone relay bundled: ${path.relative(root, outfile)}`);
