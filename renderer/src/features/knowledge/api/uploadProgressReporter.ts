import { KNOWLEDGE_UPLOAD_REPORT_MS } from '@contracts/knowledge-documents.ts';

/**
 * Tells the server how far an upload got, which is also its sign of life: the server fails an
 * upload that reported nothing for its grace time. At most one report per interval (and the last
 * one, 100 %, at once), and only when bytes moved since the previous one, so a stalled transfer
 * goes quiet and is cut, never one that still moves.
 */
export interface UploadProgressReporter {
  /** The bytes sent so far, 0..1 (from the upload's progress events). */
  update(fraction: number): void;
  /** Resolves once every report sent so far is answered. */
  flush(): Promise<void>;
}

export function createUploadProgressReporter(options: {
  /** Sends one report; false means the document is no longer uploading. */
  report: (percent: number) => Promise<boolean>;
  /** Called once, when the server says the upload is over (interrupted or removed). */
  onGone: () => void;
  intervalMs?: number;
  now?: () => number;
}): UploadProgressReporter {
  const interval = options.intervalMs ?? KNOWLEDGE_UPLOAD_REPORT_MS;
  const now = options.now ?? Date.now;
  let sentAt = Number.NEGATIVE_INFINITY;
  let sentFraction = 0;
  let gone = false;
  let pending: Promise<void> = Promise.resolve();

  return {
    update(fraction) {
      const clamped = Math.min(1, Math.max(0, fraction));
      if (gone || clamped <= sentFraction) return;
      if (clamped < 1 && now() - sentAt < interval) return;
      sentAt = now();
      sentFraction = clamped;
      const percent = Math.floor(clamped * 100);
      pending = pending
        .then(() => options.report(percent))
        .then(
          (uploading) => {
            if (!uploading && !gone) {
              gone = true;
              options.onGone();
            }
          },
          // A report that did not arrive is only a missed sign of life; the upload itself decides.
          () => undefined,
        );
    },
    flush: () => pending,
  };
}
