import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Writes KEY=value lines into an env file (`.concierge/env`): the given keys are set (replacing
 * their old lines in place), every other line other scripts appended is kept as it was. The file is
 * replaced atomically so a concurrent reader never sees half a file, and readable by its owner only
 * (it holds the service role key).
 */
export async function writeEnvFile(file: string, entries: Record<string, string>): Promise<void> {
  let existing = '';
  try {
    existing = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const pending = new Map(Object.entries(entries));
  for (const [key, value] of pending) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`Invalid env key: ${key}`);
    if (/[\r\n]/.test(value)) throw new Error(`Env value for ${key} contains a line break`);
  }
  const lines = existing.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const out = lines.map((line) => {
    const key = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1];
    if (key && pending.has(key)) {
      const value = pending.get(key)!;
      pending.delete(key);
      return `${key}=${value}`;
    }
    return line;
  });
  for (const [key, value] of pending) out.push(`${key}=${value}`);
  // `.concierge` holds the database and the keys too: owner-only when created here.
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${out.join('\n')}\n`, { mode: 0o600 });
  await rename(temp, file);
}
