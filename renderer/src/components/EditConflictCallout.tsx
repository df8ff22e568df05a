import { Button, ButtonGroup, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * The agent changed elsewhere (another tab, window or person) since this editor loaded it, and
 * Postgres refused the save (agents.version). The owner chooses: take the other version (Reload,
 * losing these edits) or keep these edits over it (Overwrite). Nothing is decided silently.
 */
export function EditConflictCallout({
  onReload,
  onOverwrite,
  busy,
}: {
  onReload: () => void;
  onOverwrite: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.WARNING} icon="warning-sign" title={t('common:conflict.title')} data-testid="edit-conflict">
      <p>{t('common:conflict.message')}</p>
      <ButtonGroup>
        <Button icon="refresh" text={t('common:conflict.reload')} onClick={onReload} disabled={busy} />
        <Button
          intent={Intent.DANGER}
          icon="floppy-disk"
          text={t('common:conflict.overwrite')}
          onClick={onOverwrite}
          loading={busy}
        />
      </ButtonGroup>
    </Callout>
  );
}
