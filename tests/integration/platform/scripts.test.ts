import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../../scripts/gen-types.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

describe('npm run stack', () => {
  it('writes .concierge/env keeping foreign keys, serves, and stops cleanly on SIGTERM', async () => {
    const projectDir = await mkdtemp(path.join(tmpdir(), 'concierge-stack-script-'));
    try {
      await mkdir(path.join(projectDir, '.concierge'));
      await writeFile(
        path.join(projectDir, '.concierge', 'env'),
        'SUPABASE_URL=http://stale\nSITE_URL=http://127.0.0.1:5173\n',
      );
      const child = spawn(
        process.execPath,
        [
          '--import',
          TSX,
          path.join(ROOT, 'scripts/stack.ts'),
          '--project-dir',
          projectDir,
          '--in-memory',
          '--port',
          '0',
          '--quiet',
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const deadline = Date.now() + 100_000;
      while (!/Local stack ready: (\S+)/.test(out)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no ready line:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = /Local stack ready: (\S+)/.exec(out)![1]!;
      expect(out).toContain('anon key:');
      expect((await fetch(`${url}/_local/health`)).status).toBe(200);
      const env = await readFile(path.join(projectDir, '.concierge', 'env'), 'utf8');
      expect(env).toContain(`SUPABASE_URL=${url}\n`);
      expect(env).toContain('SITE_URL=http://127.0.0.1:5173\n');
      expect(env).toMatch(/^SUPABASE_ANON_KEY=ey/m);
      expect(env).toMatch(/^SUPABASE_SERVICE_ROLE_KEY=ey/m);
      expect(env).toContain(`INBOX_URL=${url}/_local/inbox\n`);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('[stack] stopped');
    } finally {
      await rm(projectDir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('npm run gen:types', () => {
  it('generates Database types from the migrations through the supabase CLI', async () => {
    const types = await generateTypes(fileURLToPath(new URL('../realtime/fixture/', import.meta.url)));
    expect(types).toContain('export type Database = {');
    expect(types).toMatch(
      /notes: \{\s+Row: \{\s+body: string;\s+created_at: string;\s+id: number;\s+owner: string;\s+tags: string\[\];/,
    );
  }, 150_000);
});
