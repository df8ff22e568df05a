import { readFile } from 'node:fs/promises';

/**
 * Parses a dotenv file as the supabase CLI reads `supabase/functions/.env`: `KEY=value` lines,
 * optional `export `, `#` comments, single/double quotes (double quotes expand \n), no interpolation.
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2]!;
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.lastIndexOf(quote) > 0) {
      value = value.slice(1, value.lastIndexOf(quote));
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"');
    } else {
      value = value.replace(/\s+#.*$/, '').trim();
    }
    out[match[1]!] = value;
  }
  return out;
}

export async function readDotenv(file: string): Promise<Record<string, string>> {
  try {
    return parseDotenv(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

/**
 * What a function handler receives: the subset of `Deno.env` functions may use, plus (locally
 * only) `fetch`, the way to reach SUPABASE_URL in-process; Deno.env has no such member, so
 * deployed functions use the global fetch.
 */
export interface FunctionEnv {
  get(name: string): string | undefined;
  toObject(): Record<string, string>;
  fetch?: typeof fetch;
}

export function functionEnv(values: Record<string, string>, ownApi?: typeof fetch): FunctionEnv {
  const frozen = Object.freeze({ ...values });
  return {
    get: (name) => (Object.prototype.hasOwnProperty.call(frozen, name) ? frozen[name] : undefined),
    toObject: () => ({ ...frozen }),
    ...(ownApi ? { fetch: ownApi } : {}),
  };
}
