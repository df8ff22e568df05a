import { rename, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where a data dir keeps its stored files (uploads, knowledge files, recordings): inside the data
 * dir itself, so deleting that one folder starts over completely instead of leaving private files
 * behind for a database that no longer exists.
 */
export function filesDirOf(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/** Where earlier versions kept them: a `files` folder beside the data dir. */
export function legacyFilesDirOf(dataDir: string): string {
  return path.join(path.dirname(dataDir), 'files');
}

async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Moves the files of an existing database from the old beside-the-data-dir folder into the data
 * dir (one rename: same filesystem, nothing copied, nothing lost). Only for a database that already
 * exists and has no files folder of its own yet; a new database does not adopt files left over by
 * a deleted one. Returns whether it moved anything.
 */
export async function moveLegacyFiles(
  dataDir: string,
  databaseExists: boolean,
  log: (message: string) => void = () => {},
): Promise<boolean> {
  const legacy = legacyFilesDirOf(dataDir);
  const current = filesDirOf(dataDir);
  if (!databaseExists || !(await exists(path.join(legacy, 'storage'))) || (await exists(current))) return false;
  await rename(legacy, current);
  log(`storage: moved stored files from ${legacy} into the data folder (${current})`);
  return true;
}
