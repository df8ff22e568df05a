import { chmod, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeEnvFile } from './env-file.ts';

describe('writeEnvFile', () => {
  it('creates the file and its folder', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'envfile-')), '.concierge', 'env');
    await writeEnvFile(file, {
      SUPABASE_URL: 'http://127.0.0.1:54321',
      INBOX_URL: 'http://127.0.0.1:54321/_local/inbox',
    });
    expect(await readFile(file, 'utf8')).toBe(
      'SUPABASE_URL=http://127.0.0.1:54321\nINBOX_URL=http://127.0.0.1:54321/_local/inbox\n',
    );
  });

  it('rewrites its keys in place and keeps lines other scripts appended', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'envfile-')), 'env');
    await writeFile(file, '# written by npm start\nSUPABASE_URL=http://old\nSITE_URL=http://127.0.0.1:5173\n');
    await writeEnvFile(file, { SUPABASE_URL: 'http://new', SUPABASE_ANON_KEY: 'k' });
    expect(await readFile(file, 'utf8')).toBe(
      '# written by npm start\nSUPABASE_URL=http://new\nSITE_URL=http://127.0.0.1:5173\nSUPABASE_ANON_KEY=k\n',
    );
  });

  it('is readable by its owner only, even when an older copy was not', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'envfile-')), 'env');
    await writeFile(file, 'SUPABASE_URL=http://old\n');
    await chmod(file, 0o644);
    await writeEnvFile(file, { SUPABASE_SERVICE_ROLE_KEY: 'secret' });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses keys and values that would corrupt the file', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'envfile-')), 'env');
    await expect(writeEnvFile(file, { 'BAD KEY': 'x' })).rejects.toThrow(/Invalid env key/);
    await expect(writeEnvFile(file, { KEY: 'a\nB=c' })).rejects.toThrow(/line break/);
  });
});
