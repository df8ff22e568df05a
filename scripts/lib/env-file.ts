import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Parses KEY=value lines; blank lines and # comments are ignored. */
export function parseEnv(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/.exec(line);
    if (match) entries.set(match[1]!, match[2]!.trim());
  }
  return entries;
}

/**
 * Sets the given keys in a KEY=value file (`.concierge/env`), keeping every other key that other
 * tools wrote, so several start-up steps can each add what they know.
 */
export async function updateEnvFile(file: string, values: Record<string, string>): Promise<void> {
  let current = new Map<string, string>();
  try {
    current = parseEnv(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  for (const [key, value] of Object.entries(values)) current.set(key, value);
  await mkdir(path.dirname(file), { recursive: true });
  const body = [...current].map(([k, v]) => `${k}=${v}`).join('\n');
  await writeFile(file, `# Written by Concierge's start scripts; local development values only.\n${body}\n`);
}
