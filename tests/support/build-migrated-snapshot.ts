/**
 * `npm test`'s first step: builds the product's migrated snapshot (migrated-snapshot.ts) once, next
 * to the app build, so the end-to-end halves and the integration tests all find it cached. Without
 * it, on a fresh clone both end-to-end halves start at the same moment, each finds no snapshot and
 * each replays every migration before its first test.
 */
import { fileURLToPath } from 'node:url';
import { migratedSnapshot, snapshotsEnabled } from './migrated-snapshot.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

if (!snapshotsEnabled()) {
  console.log('migrated snapshot: off (CONCIERGE_TEST_SNAPSHOT=off)');
} else {
  const started = performance.now();
  const { built, key } = await migratedSnapshot(REPO_ROOT);
  const ms = Math.round(performance.now() - started);
  console.log(`migrated snapshot ${key.slice(0, 12)}: ${built ? `built in ${ms} ms` : `cached (${ms} ms)`}`);
}
