import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv, updateEnvFile } from './env-file.ts';

describe('env file', () => {
  it('keeps keys written by other tools and overwrites the ones it sets', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'envfile-'));
    const file = path.join(dir, 'sub', 'env');
    await updateEnvFile(file, { A: '1', B: '2' });
    await writeFile(file, `${await readFile(file, 'utf8')}EXTRA=x\n`);
    await updateEnvFile(file, { B: '3', C: 'http://{agent}.localhost:5181' });
    const parsed = parseEnv(await readFile(file, 'utf8'));
    expect(Object.fromEntries(parsed)).toEqual({ A: '1', B: '3', EXTRA: 'x', C: 'http://{agent}.localhost:5181' });
  });

  it('ignores comments and malformed lines', () => {
    expect(Object.fromEntries(parseEnv('# c\n\nnot a line\nK = v \n'))).toEqual({ K: 'v' });
  });
});
