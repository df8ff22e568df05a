import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from './support/sql-database.ts';

/**
 * `supabase db advisors` (the Supabase CLI's splinter lints) against the migrated database,
 * served to the CLI over the Postgres wire protocol by PGlite's socket server.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SUPABASE_CLI = `${REPO_ROOT}node_modules/.bin/supabase`;

interface Advice {
  name: string;
  level: 'INFO' | 'WARN' | 'ERROR';
  categories: string[];
  detail: string;
  metadata?: { schema?: string };
}

let db: PGlite;
let server: PGLiteSocketServer;
let advice: Advice[];

function runAdvisors(url: string): Promise<Advice[]> {
  return new Promise((resolve, reject) => {
    const args = ['db', 'advisors', `--remote=${url}`, '--type', 'all', '--level', 'info', '--output-format', 'json'];
    const child = spawn(SUPABASE_CLI, args, { cwd: REPO_ROOT, env: process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const parsed = JSON.parse(stdout) as { results?: Advice[] };
        resolve(parsed.results ?? []);
      } catch {
        reject(new Error(`supabase db advisors exited ${code}: ${stderr || stdout}`));
      }
    });
  });
}

beforeAll(async () => {
  db = await openMigratedDatabase();
  server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 4 });
  await server.start();
  advice = await runAdvisors(`postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await db?.close();
});

describe('supabase db advisors', () => {
  it('reports no security finding on the product schemas', () => {
    // `_local` is the embedded stack's own bookkeeping schema (absent from hosted projects).
    const security = advice.filter((a) => a.categories.includes('SECURITY') && !a.detail.includes('`_local.'));
    expect(security).toEqual([]);
  });

  it('reports no performance finding other than indexes unused in an empty database', () => {
    const performance = advice.filter((a) => a.categories.includes('PERFORMANCE') && a.name !== 'unused_index');
    expect(performance).toEqual([]);
  });
});
