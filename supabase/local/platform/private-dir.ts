import { chmod, mkdir } from 'node:fs/promises';

/** Owner-only: read, write and enter. */
export const PRIVATE_DIR_MODE = 0o700;

let warnedNoModes = false;

/**
 * Creates `dir` (and missing parents) readable by its owner only, and narrows an existing one:
 * installs made before the stack did this kept the umask's 755, which lets every other account on
 * the machine read refresh tokens, password hashes, every tenant's rows and private knowledge
 * files. Platforms without POSIX modes (Windows: the user profile's ACLs apply) are told once and
 * left as they are, so the stack still starts there.
 */
export async function makePrivateDir(
  dir: string,
  log: (message: string) => void = () => {},
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (platform === 'win32') {
    warnOnce(log, `${dir}: no POSIX permissions on this platform, the folder keeps its ACLs`);
    return;
  }
  try {
    await chmod(dir, PRIVATE_DIR_MODE);
  } catch (error) {
    // E.g. a filesystem without modes (some network or FAT mounts): keep running, say it once.
    warnOnce(log, `${dir}: could not make it owner-only (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function warnOnce(log: (message: string) => void, message: string): void {
  if (warnedNoModes) return;
  warnedNoModes = true;
  log(`warning: ${message}`);
}
