import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const UNIT_DIRS = ['renderer', 'public-site', 'electron', 'supabase', 'scripts'];
const UNIT_GLOB = '{renderer,public-site,electron,supabase,scripts}/**/*.test.{ts,tsx}';

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/**
 * Unit files that replace modules or globals (vi.mock, vi.stubGlobal, fake timers) or run in a
 * DOM: each gets fresh modules and a fresh environment. Every other unit file is a plain module
 * test, and those share their workers' module cache: loading React, Blueprint and zod once per
 * worker instead of once per file took the unit step from 4.6 to 3.1 CPU-minutes (4:00 to 2:45 on
 * the 2-core machine).
 */
const NEEDS_ISOLATION = /vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|@vitest-environment/;
const isolatedUnitFiles = UNIT_DIRS.flatMap(testFiles).filter((file) =>
  NEEDS_ISOLATION.test(readFileSync(path.join(ROOT, file), 'utf8')),
);

/**
 * Three layers: unit tests beside the code, integration tests against a fresh
 * local stack, end-to-end tests in Chromium. `npm test` runs them in that order.
 */
export default defineConfig({
  // Same alias as renderer/vite.config.ts: console code imports the shared conversation UI by it.
  resolve: {
    alias: {
      '@conversation': fileURLToPath(new URL('./public-site/src/conversation', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./supabase/functions/_shared/contracts', import.meta.url)),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [UNIT_GLOB],
          exclude: ['**/node_modules/**', ...isolatedUnitFiles],
          environment: 'node',
          // Worker threads instead of child processes, without a process per worker and its IPC.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit:isolated',
          include: isolatedUnitFiles,
          exclude: ['**/node_modules/**'],
          environment: 'node',
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Builds the migrated snapshot every stack starts from (tests/support/migrated-snapshot.ts).
          globalSetup: ['tests/integration/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own stack on a free port; PGlite is single-threaded, so keep the
          // number of concurrent stacks to the machine's two cores.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          // The browser tests wait on a page that renders as fast as a loaded machine lets it:
          // a poll waits up to 15 s (Vitest's own 1 s failed on busy runners, not on slow code).
          expect: { poll: { timeout: 15_000, interval: 100 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
