import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makePrivateDir } from './private-dir.ts';

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('makePrivateDir', () => {
  it.skipIf(process.platform === 'win32')(
    'creates missing folders owner-only and narrows an existing 755 one',
    async () => {
      root = await mkdtemp(path.join(tmpdir(), 'private-dir-'));
      const fresh = path.join(root, 'a', 'b');
      await makePrivateDir(fresh);
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(root, 'a'))).mode & 0o777).toBe(0o700);
      const old = path.join(root, 'old');
      await mkdir(old, { mode: 0o755 });
      await makePrivateDir(old);
      expect((await stat(old)).mode & 0o777).toBe(0o700);
    },
  );

  it('on a platform without POSIX modes, creates the folder, leaves its mode and says so', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'private-dir-'));
    const dir = path.join(root, 'win');
    const lines: string[] = [];
    await makePrivateDir(dir, (m) => lines.push(m), 'win32');
    expect((await stat(dir)).isDirectory()).toBe(true);
    expect(lines.join('\n')).toMatch(/no POSIX permissions/);
  });
});
