import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startStack } from '../../../supabase/local/index.ts';

const CHILD = fileURLToPath(new URL('./support/insert-stream.ts', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');

it('loses no committed row when the process is killed with SIGKILL mid-stream', async () => {
  const projectDir = await mkdtemp(path.join(tmpdir(), 'concierge-durability-'));
  const dataDir = path.join(projectDir, '.concierge', 'data');
  await mkdir(path.join(projectDir, 'supabase', 'migrations'), { recursive: true });
  await writeFile(
    path.join(projectDir, 'supabase', 'migrations', '20260101000000_create_stream_items.sql'),
    'create table stream_items (id int primary key, payload text not null);',
  );
  try {
    const child = spawn(process.execPath, ['--import', TSX, CHILD, projectDir, dataDir, '20000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    let committed = 0;
    let buffer = '';
    const killed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`child never reached 300 commits (got ${committed}); stderr: ${stderr}`));
      }, 150_000);
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const match = /^committed (\d+)$/.exec(line);
          if (match) committed = Number(match[1]);
        }
        if (committed >= 300 && child.exitCode === null && !child.killed) {
          child.kill('SIGKILL');
          clearTimeout(timer);
        }
      });
      child.on('exit', (_code, signal) => {
        clearTimeout(timer);
        if (signal === 'SIGKILL') resolve();
        else reject(new Error(`child exited on its own (${_code}); stderr: ${stderr}`));
      });
    });
    await killed;
    expect(committed).toBeGreaterThanOrEqual(300);

    const stack = await startStack({ projectDir, dataDir, port: 0 });
    try {
      expect(stack.created).toBe(false);
      const { rows } = await stack.db.query<{ count: number; max: number }>(
        'select count(*)::int as count, coalesce(max(id), 0) as max from stream_items where id <= $1',
        [committed],
      );
      // Every id the child reported committed is there, with no gap.
      expect(rows[0]).toEqual({ count: committed, max: committed });
    } finally {
      await stack.stop();
    }
  } finally {
    await rm(projectDir, { recursive: true, force: true });
  }
}, 240_000);
