import { readFile, rm, writeFile } from 'node:fs/promises';

/**
 * PGlite is a single in-process backend: two processes opening the same data dir would corrupt it.
 * A `<dataDir>.lock` file holds the owner's pid; a lock left by a dead process (kill -9, crash)
 * is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`Data dir ${dataDir} is in use by process ${owner} (lock ${lockPath}); stop it first.`, {
          cause: error,
        });
      }
      if (owner === process.pid) {
        throw new Error(`Data dir ${dataDir} is already open in this process.`, { cause: error });
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock data dir ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
