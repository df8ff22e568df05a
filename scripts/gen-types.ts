/**
 * `npm run gen:types`: regenerates the database types from the migrations. Starts the
 * stack in memory (migrations applied, nothing persisted), exposes PGlite on a loopback Postgres
 * socket and runs the supabase CLI's bundled typegen against it:
 *   supabase gen types typescript --remote=<url> --schema public
 * It writes the same text to every path in TYPES_OUTPUTS: `supabase functions deploy` bundles only
 * files under supabase/functions/, so the functions need their own copy. `--check` exits 1 when any
 * committed copy is stale (CI).
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { startStack } from '../supabase/local/index.ts';
import { startDbSocket } from '../supabase/local/platform/db-socket.ts';

const run = promisify(execFile);

/** Where the generated types are written, relative to the project: the apps' copy and the functions' copy. */
export const TYPES_OUTPUTS = ['supabase/types/database.ts', 'supabase/functions/_shared/platform/database.types.ts'];

/** The outputs (relative paths) whose text differs from `types`, missing files included. */
export async function staleOutputs(projectDir: string, types: string, outputs: readonly string[]): Promise<string[]> {
  const stale: string[] = [];
  for (const out of outputs) {
    const current = await readFile(path.resolve(projectDir, out), 'utf8').catch(() => '');
    if (current !== types) stale.push(out);
  }
  return stale;
}

export async function generateTypes(projectDir: string, schemas = ['public']): Promise<string> {
  const stack = await startStack({ projectDir, dataDir: null, port: 0 });
  const socket = await startDbSocket(stack.db);
  try {
    const { stdout } = await run(
      'npx',
      [
        'supabase',
        'gen',
        'types',
        'typescript',
        `--remote=${socket.url}?sslmode=disable`,
        '--schema',
        schemas.join(','),
        '--workdir',
        projectDir,
      ],
      {
        cwd: projectDir,
        maxBuffer: 32 * 1024 * 1024,
        timeout: 120_000,
        env: { ...process.env, NO_COLOR: '1', SUPABASE_AGENT: 'no' },
      },
    );
    if (!stdout.includes('export type Database'))
      throw new Error(`supabase gen types printed no types:\n${stdout.slice(0, 500)}`);
    // The CLI prints unformatted code; format it with the repo's Prettier so the committed file is stable.
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(path.join(projectDir, 'supabase', 'types', 'database.ts'))) ?? {};
    return prettier.format(stdout, { ...options, parser: 'typescript' });
  } finally {
    await socket.stop().catch(() => {});
    await stack.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'project-dir': { type: 'string' },
      out: { type: 'string' },
      check: { type: 'boolean', default: false },
      schema: { type: 'string' },
    },
  });
  const projectDir = path.resolve(values['project-dir'] ?? process.cwd());
  const outputs = values.out ? [values.out] : TYPES_OUTPUTS;
  const types = await generateTypes(projectDir, (values.schema ?? 'public').split(','));
  if (values.check) {
    const stale = await staleOutputs(projectDir, types, outputs);
    for (const out of stale) console.error(`${out} is stale: run npm run gen:types`);
    if (stale.length > 0) process.exit(1);
    console.log(`${outputs.join(' and ')} are up to date`);
    return;
  }
  for (const out of outputs) {
    const file = path.resolve(projectDir, out);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, types);
    console.log(`wrote ${out} (${types.length} bytes)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`gen:types failed: ${(error as Error)?.message ?? String(error)}`);
    process.exit(1);
  });
}
