import { Callout, Intent } from '@blueprintjs/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_ROW_CAP } from '@contracts/history.ts';
import { toAppError, type AppError } from '../../../errors/appError.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';
import { errorText } from '../../../errors/errorText.ts';

export type ExportStatus = { kind: 'truncated' } | { kind: 'failed'; error: AppError } | null;

/**
 * Runs an export and keeps what the user must know about it: it failed, or the list was longer
 * than EXPORT_ROW_CAP and the file holds only its first rows.
 */
export function useExportRunner() {
  const [status, setStatus] = useState<ExportStatus>(null);
  const run = useCallback(async (work: () => Promise<{ truncated: boolean } | void>) => {
    setStatus(null);
    try {
      const outcome = await work();
      if (outcome?.truncated) setStatus({ kind: 'truncated' });
    } catch (cause) {
      setStatus({ kind: 'failed', error: toAppError(cause) });
    }
  }, []);
  return { status, run };
}

/** Each screen's export texts: the row-cap warning and the failure. */
const EXPORT_TEXTS = {
  'history:export': { capped: 'history:export.capped', failed: 'history:export.failed' },
  'history:calls.export': { capped: 'history:calls.export.capped', failed: 'history:calls.export.failed' },
  'insights:analytics.exports': {
    capped: 'insights:analytics.exports.capped',
    failed: 'insights:analytics.exports.failed',
  },
} as const satisfies Record<string, { capped: ConsoleKey; failed: ConsoleKey }>;

/** The export's warning or error; `texts` names the screen whose `capped` and `failed` it shows. */
export function ExportNotice({ status, texts }: { status: ExportStatus; texts: keyof typeof EXPORT_TEXTS }) {
  const { t } = useTranslation();
  if (status?.kind === 'truncated')
    return (
      <Callout intent={Intent.WARNING} role="status">
        {t(EXPORT_TEXTS[texts].capped, { count: EXPORT_ROW_CAP })}
      </Callout>
    );
  if (status?.kind === 'failed')
    return (
      <Callout intent={Intent.DANGER} role="alert">
        {t(EXPORT_TEXTS[texts].failed, { message: errorText(t, status.error) })}
      </Callout>
    );
  return null;
}
