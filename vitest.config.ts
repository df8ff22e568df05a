import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
          include: ['{renderer,public-site,electron,supabase,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          // Worker threads instead of child processes: each file still gets fresh modules, without
          // a process per worker and its IPC (measured ~30% less CPU for the same files).
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
