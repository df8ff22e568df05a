import {
  Alert,
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  NonIdealState,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROMPT_BACKUP_LIMITS } from '@contracts/field-limits.ts';
import { LimitedInput, LimitedTextArea } from '../../../components/LimitedText.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { backupNameValid, type NewBackup, type PromptBackup } from '../api/promptBackups.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const BACKUP_FAILURE_TEXT = { deleteFailed: 'agents:prompts.backup.deleteFailed' } as const satisfies Record<
  'deleteFailed',
  ConsoleKey
>;

/** Create a backup: name required (trimmed), description optional. */
export function CreateBackupDialog({
  isOpen,
  onClose,
  onCreate,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreate: (backup: Omit<NewBackup, 'systemPrompt'>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const close = () => {
    if (busy) return;
    setName('');
    setDescription('');
    setFailed(false);
    onClose();
  };
  const submit = async () => {
    if (!backupNameValid(name)) return;
    setBusy(true);
    setFailed(false);
    try {
      await onCreate({ name, description });
      setBusy(false);
      setName('');
      setDescription('');
      onClose();
    } catch (error) {
      console.warn('backup creation failed', error);
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('agents:prompts.backup.createTitle')} icon="archive">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogBody>
          <FormGroup label={t('agents:prompts.backup.name')} labelFor="backup-name">
            <LimitedInput
              id="backup-name"
              value={name}
              max={PROMPT_BACKUP_LIMITS.name}
              autoFocus
              onValueChange={setName}
              disabled={busy}
            />
          </FormGroup>
          <FormGroup label={t('agents:prompts.backup.description')} labelFor="backup-description">
            <LimitedTextArea
              id="backup-description"
              fill
              value={description}
              max={PROMPT_BACKUP_LIMITS.description}
              onValueChange={setDescription}
              disabled={busy}
            />
          </FormGroup>
          {failed && (
            <Callout intent={Intent.DANGER} icon="error">
              {t('agents:prompts.backup.createFailed')}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('agents:prompts.backup.cancel')} onClick={close} disabled={busy} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text={t('agents:prompts.backup.create')}
                loading={busy}
                disabled={!backupNameValid(name)}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

/** The list of backups with restore and delete. */
export function BackupsDialog({
  isOpen,
  onClose,
  backups,
  onRestore,
  onDelete,
}: {
  isOpen: boolean;
  onClose: () => void;
  backups: PromptBackup[];
  onRestore: (backup: PromptBackup) => void;
  onDelete: (backup: PromptBackup) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const [toDelete, setToDelete] = useState<PromptBackup | null>(null);
  // Restoring replaces the prompt being edited, so it is confirmed like a deletion.
  const [toRestore, setToRestore] = useState<PromptBackup | null>(null);
  const [failed, setFailed] = useState<'deleteFailed' | null>(null);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('agents:prompts.backup.listTitle')}
      icon="history"
      className="backups-dialog"
    >
      <DialogBody>
        {failed && (
          <Callout intent={Intent.DANGER} icon="error">
            {t(BACKUP_FAILURE_TEXT[failed])}
          </Callout>
        )}
        {backups.length === 0 ? (
          <NonIdealState icon="archive" title={t('agents:prompts.backup.empty')} />
        ) : (
          <ul className="backup-list">
            {backups.map((backup) => (
              <li key={backup.id} className="backup-item" data-backup-name={backup.name}>
                <div className="backup-text">
                  <strong>{backup.name}</strong>
                  {backup.description && <span>{backup.description}</span>}
                  <span className={Classes.TEXT_MUTED}>{formatDate(backup.createdAt, i18n.language)}</span>
                </div>
                <Button icon="undo" text={t('agents:prompts.backup.restore')} onClick={() => setToRestore(backup)} />
                <Button
                  icon="trash"
                  intent={Intent.DANGER}
                  variant="minimal"
                  aria-label={`${t('agents:prompts.backup.delete')} ${backup.name}`}
                  onClick={() => setToDelete(backup)}
                />
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={t('agents:prompts.backup.close')} onClick={onClose} />} />
      <Alert
        isOpen={toDelete !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('agents:prompts.backup.delete')}
        cancelButtonText={t('agents:prompts.backup.cancel')}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const backup = toDelete;
          setToDelete(null);
          if (!backup) return;
          setFailed(null);
          onDelete(backup).catch((error: unknown) => {
            console.warn('backup deletion failed', error);
            setFailed('deleteFailed');
          });
        }}
      >
        {t('agents:prompts.backup.confirmDelete', { name: toDelete?.name ?? '' })}
      </Alert>
      <Alert
        isOpen={toRestore !== null}
        intent={Intent.WARNING}
        icon="undo"
        confirmButtonText={t('agents:prompts.backup.restore')}
        cancelButtonText={t('agents:prompts.backup.cancel')}
        onCancel={() => setToRestore(null)}
        onConfirm={() => {
          const backup = toRestore;
          setToRestore(null);
          if (backup) onRestore(backup);
        }}
      >
        {t('agents:prompts.backup.confirmRestore', { name: toRestore?.name ?? '' })}
      </Alert>
    </Dialog>
  );
}
