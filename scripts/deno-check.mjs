#!/usr/bin/env node
// Type-checks every edge function under Deno, so what passes here deploys to hosted Supabase.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const functionsDir = path.join(root, 'supabase', 'functions');
const entries = existsSync(functionsDir)
  ? readdirSync(functionsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && /^[A-Za-z][A-Za-z0-9_-]*$/.test(d.name))
      .map((d) => path.join('supabase', 'functions', d.name, 'index.ts'))
      .filter((f) => existsSync(path.join(root, f)))
  : [];
if (entries.length === 0) {
  console.log('deno check: no edge functions yet');
  process.exit(0);
}
const denoBin = path.join(root, 'node_modules', '.bin', 'deno');
const config = path.join('supabase', 'functions', 'deno.json');
const args = ['check', ...(existsSync(path.join(root, config)) ? ['--config', config] : []), ...entries];
console.log(`deno ${args.join(' ')}`);
const result = spawnSync(denoBin, args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
