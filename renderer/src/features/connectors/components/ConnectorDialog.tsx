import { Button, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookUrlProblem, type Connector } from '../connectorModel.ts';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { WEBHOOK_URL_MAX } from '@contracts/integrations.ts';

export interface ConnectorDialogProps {
  connector: Connector;
  isOpen: boolean;
  saving: boolean;
  signingSecret: string | null;
  onClose: () => void;
  onSave: (webhookUrl: string) => void;
}

/** The webhook URL of one connector (Save disabled while the URL is empty). */
export function ConnectorDialog({ connector, isOpen, saving, signingSecret, onClose, onSave }: ConnectorDialogProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(connector.webhookUrl);
  const [touched, setTouched] = useState(false);
  const problem = webhookUrlProblem(url);
  const name = t(`connectors:${connector.kind}.name`);
  const showProblem = touched && problem !== null && problem !== 'empty';
  const inputId = `connector-url-${connector.kind}`;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('connectors:dialog.title', { name })}
      icon="data-connection"
      onOpening={() => {
        setUrl(connector.webhookUrl);
        setTouched(false);
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (problem === null && !saving) onSave(url.trim());
        }}
      >
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{t(`connectors:${connector.kind}.help`)}</p>
          <FormGroup
            label={t('connectors:dialog.urlLabel')}
            labelFor={inputId}
            intent={showProblem ? Intent.DANGER : Intent.NONE}
            helperText={showProblem ? t(`connectors:dialog.${problem}`) : t('connectors:dialog.urlHelp')}
          >
            <LimitedInput
              id={inputId}
              type="url"
              autoFocus
              value={url}
              max={WEBHOOK_URL_MAX}
              placeholder={t(`connectors:${connector.kind}.placeholder`)}
              intent={showProblem ? Intent.DANGER : Intent.NONE}
              onValueChange={setUrl}
              onBlur={() => setTouched(true)}
            />
          </FormGroup>
          {signingSecret && (
            <FormGroup
              label={t('connectors:dialog.secretLabel')}
              labelFor={`${inputId}-secret`}
              helperText={t('connectors:dialog.secretHelp')}
            >
              <InputGroup id={`${inputId}-secret`} readOnly value={signingSecret} className={Classes.MONOSPACE_TEXT} />
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('connectors:dialog.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                text={t('connectors:dialog.save')}
                loading={saving}
                disabled={url.trim() === '' || saving}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
