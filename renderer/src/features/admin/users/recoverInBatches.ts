/** Recovery pacing: 5 users at a time, then a 1-second pause. */
export const RECOVERY_BATCH_SIZE = 5;
export const RECOVERY_PAUSE_MS = 1000;

export interface RecoveryResult {
  /** Profiles created. */
  recovered: number;
  /** Users that already had a profile by the time their turn came. */
  skipped: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `recover` over `ids` in batches of 5 (concurrently within a batch), pausing between
 * batches; the first failure stops the run and is thrown.
 */
export async function recoverInBatches(
  ids: readonly string[],
  recover: (id: string) => Promise<boolean>,
  pause: (ms: number) => Promise<void> = wait,
): Promise<RecoveryResult> {
  const result: RecoveryResult = { recovered: 0, skipped: 0 };
  for (let start = 0; start < ids.length; start += RECOVERY_BATCH_SIZE) {
    if (start > 0) await pause(RECOVERY_PAUSE_MS);
    const outcomes = await Promise.all(ids.slice(start, start + RECOVERY_BATCH_SIZE).map((id) => recover(id)));
    for (const created of outcomes) {
      if (created) result.recovered += 1;
      else result.skipped += 1;
    }
  }
  return result;
}
