import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '../exportFiles.ts';

/** 'Export … CSV | JSON': `onExport` builds and saves the file; failures are shown by the caller. */
export function ExportButtons({
  label,
  onExport,
}: {
  label: string;
  onExport: (format: ExportFormat) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await onExport(format);
    } finally {
      setBusy(null);
    }
  };
  return (
    <ButtonGroup aria-label={label}>
      <Button
        icon="export"
        text={`${label} · ${t('history:export.csv')}`}
        loading={busy === 'csv'}
        onClick={() => void run('csv')}
      />
      <Button
        text={t('history:export.json')}
        aria-label={`${label} · ${t('history:export.json')}`}
        loading={busy === 'json'}
        onClick={() => void run('json')}
      />
    </ButtonGroup>
  );
}
