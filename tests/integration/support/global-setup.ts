import { migratedSnapshot, snapshotsEnabled } from '../../support/migrated-snapshot.ts';
import { REPO_ROOT } from './stack.ts';

/**
 * Builds the product's migrated snapshot once before the files start, so parallel workers all
 * find it cached instead of each building it (fixture projects' snapshots are built on first use).
 */
export default async function setup(): Promise<void> {
  if (!snapshotsEnabled()) return;
  const started = performance.now();
  const { built } = await migratedSnapshot(REPO_ROOT);
  if (built) console.log(`integration: built the migrated snapshot in ${Math.round(performance.now() - started)} ms`);
}
