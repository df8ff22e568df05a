import { Alert, Button, Callout, Card, FormGroup, H4, InputGroup, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibrarySettings, LibraryStatus } from '../api/desktopLibrary.ts';
import { formatBytes, megabytesToBytes } from '../format.ts';

/** Space used, sync state, the size cap, "delete on sign-out", sync now and delete now. */
export function LibrarySettingsPanel({
  settings,
  status,
  busy,
  syncMessage,
  onSave,
  onSync,
  onWipe,
}: {
  settings: LibrarySettings;
  status: LibraryStatus | undefined;
  busy: boolean;
  syncMessage: string | null;
  onSave: (settings: LibrarySettings) => void;
  onSync: () => void;
  onWipe: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [size, setSize] = useState(settings.maxBytes === null ? '' : String(settings.maxBytes / 1_000_000));
  const [wipeOnSignOut, setWipeOnSignOut] = useState(settings.wipeOnSignOut);
  const [confirming, setConfirming] = useState(false);
  const maxBytes = megabytesToBytes(size);

  return (
    <Card className="library-settings">
      <H4>{t('library:settings.title')}</H4>
      {status && (
        <p role="status">
          {t('library:settings.used', { size: formatBytes(status.usedBytes, i18n.language), count: status.count })}
          {status.pendingEdits > 0 && ` · ${t('library:settings.pending', { count: status.pendingEdits })}`}
        </p>
      )}
      {status?.offline && (
        <Callout intent={Intent.WARNING} icon="offline">
          {t('library:settings.offline')}
        </Callout>
      )}
      <FormGroup
        label={t('library:settings.maxSize')}
        labelFor="library-max-size"
        helperText={maxBytes === undefined ? t('library:settings.invalidSize') : t('library:settings.maxSizeHelp')}
        intent={maxBytes === undefined ? Intent.DANGER : Intent.NONE}
      >
        <InputGroup id="library-max-size" inputMode="decimal" value={size} onValueChange={setSize} />
      </FormGroup>
      <Switch
        label={t('library:settings.wipeOnSignOut')}
        checked={wipeOnSignOut}
        onChange={(e) => setWipeOnSignOut(e.currentTarget.checked)}
      />
      <div className="library-actions">
        <Button
          intent={Intent.PRIMARY}
          disabled={maxBytes === undefined}
          loading={busy}
          text={t('library:settings.save')}
          onClick={() => maxBytes !== undefined && onSave({ maxBytes, wipeOnSignOut })}
        />
        <Button icon="refresh" text={t('library:settings.syncNow')} onClick={onSync} />
        <Button
          intent={Intent.DANGER}
          icon="trash"
          text={t('library:settings.wipe')}
          onClick={() => setConfirming(true)}
        />
      </div>
      {syncMessage && <p role="status">{syncMessage}</p>}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('library:settings.wipe')}
        cancelButtonText={t('library:settings.cancel')}
        onConfirm={() => {
          setConfirming(false);
          onWipe();
        }}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('library:settings.wipeConfirm')}</p>
      </Alert>
    </Card>
  );
}
