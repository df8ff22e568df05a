import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError } from '../../../errors/appError.ts';
import { deleteConfirmed } from '../agentList.ts';
import { messageText } from '../../../errors/errorText.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

export interface DeleteAgentDialogProps {
  /** The agent to delete; the dialog is open while set. */
  agent: { id: string; name: string } | null;
  onClose: () => void;
  /** Deletes; a rejection is shown inside the dialog, which stays open. */
  onConfirm: (agentId: string) => Promise<void>;
}

/** Confirmation that needs the exact agent name typed. */
export function DeleteAgentDialog({ agent, onClose, onConfirm }: DeleteAgentDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<ConsoleKey | null>(null);
  const name = agent?.name ?? '';

  const close = () => {
    if (busy) return;
    setTyped('');
    setErrorKey(null);
    onClose();
  };
  const confirm = async () => {
    if (!agent || !deleteConfirmed(name, typed)) return;
    setBusy(true);
    setErrorKey(null);
    try {
      await onConfirm(agent.id);
      setTyped('');
      onClose();
    } catch (error) {
      setErrorKey(toAppError(error, 'deleteAgent').messageKey);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen={agent !== null} onClose={close} title={t('agents:delete.title')} icon="trash">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <DialogBody>
          <p>{t('agents:delete.warning', { name })}</p>
          <FormGroup label={t('agents:delete.typeName', { name })} labelFor="delete-agent-name">
            <InputGroup
              id="delete-agent-name"
              value={typed}
              autoFocus
              autoComplete="off"
              onValueChange={setTyped}
              disabled={busy}
            />
          </FormGroup>
          {errorKey && (
            <Callout intent={Intent.DANGER} icon="error">
              {messageText(t, errorKey)}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('agents:delete.cancel')} onClick={close} disabled={busy} />
              <Button
                type="submit"
                intent={Intent.DANGER}
                text={t('agents:delete.confirm')}
                loading={busy}
                disabled={!deleteConfirmed(name, typed)}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
