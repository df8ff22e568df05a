// The entry of the desktop app's backend bundle (dist-electron/backend.mjs), generated at build time
// by scripts/build-backend.mjs: the utility-process runner plus a static registry of every edge
// function handler, so the bundle holds them all and nothing is scanned or imported by path.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Function folders with a handler.ts, sorted (the same rule as the stack's directory scan). */
export function functionSlugs(functionsDir) {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[A-Za-z][A-Za-z0-9_-]*$/.test(e.name))
    .filter((e) => {
      try {
        return statSync(path.join(functionsDir, e.name, 'handler.ts')).isFile();
      } catch {
        return false;
      }
    })
    .map((e) => e.name)
    .sort();
}

/** Source of the entry module; import specifiers are relative to the project root. */
export function backendEntrySource(slugs) {
  const registry = slugs
    .map(
      (slug) =>
        `  ${JSON.stringify(slug)}: () => import(${JSON.stringify(`./supabase/functions/${slug}/handler.ts`)}),`,
    )
    .join('\n');
  return [
    "import { runBackendProcess } from './electron/backend/backendProcess.ts';",
    'const functions = {',
    registry,
    '};',
    "if (!process.parentPort) throw new Error('backend.mjs runs in an Electron utility process (process.parentPort)');",
    'runBackendProcess(process.parentPort, functions);',
    '',
  ].join('\n');
}
