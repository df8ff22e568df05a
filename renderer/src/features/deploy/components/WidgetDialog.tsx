import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster, toastSuccess } from '../../../components/toaster.ts';
import type { useIntegrationMutations, WebWidgetState } from '../api/integrations.ts';
import { widgetDialogState } from '../widgetDomain.ts';

/** The host used in the 'e.g.' of the invalid-domain message. */
const EXAMPLE_HOST = 'example.com';

/**
 * A valid domain enables the widget; the server generates its key and script URL.
 * Enable/Update stays disabled while the domain is invalid or the same as the enabled one.
 */
export function WidgetDialog({
  isOpen,
  onClose,
  widget,
  mutation,
}: {
  isOpen: boolean;
  onClose: () => void;
  widget: WebWidgetState | null;
  mutation: ReturnType<typeof useIntegrationMutations>['configureWidget'];
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(widget?.domain ?? '');
  const [serverRejected, setServerRejected] = useState(false);
  const state = widgetDialogState(input, widget);
  const invalid = state.invalid || serverRejected;
  const canSubmit = state.domain !== null && !state.unchanged && !serverRejected && !mutation.isPending;
  const hasConfig = widget?.enabled === true;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit || state.domain === null) return;
    const domain = state.domain;
    mutation.mutate(domain, {
      onSuccess: () => {
        toastSuccess(t('deploy:widget.enabledToast', { domain }));
        onClose();
      },
      onError: (error) => {
        // The server's own check (same rule) answers 400 'Invalid Domain'.
        if (error.message === 'Invalid Domain') setServerRejected(true);
        else toaster.show({ intent: Intent.DANGER, icon: 'error', message: t('deploy:widget.enableFailed') });
      },
    });
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpening={() => {
        setInput(widget?.domain ?? '');
        setServerRejected(false);
      }}
      title={t('deploy:widget.dialogTitle')}
      icon="code"
    >
      <form onSubmit={submit}>
        <DialogBody>
          <FormGroup
            label={t('deploy:widget.domainLabel')}
            labelFor="widget-domain"
            helperText={t('deploy:widget.domainHelper')}
            intent={invalid ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="widget-domain"
              data-testid="widget-domain"
              placeholder={EXAMPLE_HOST}
              value={input}
              intent={invalid ? Intent.DANGER : Intent.NONE}
              autoFocus
              onValueChange={(value) => {
                setInput(value);
                setServerRejected(false);
              }}
            />
          </FormGroup>
          {invalid && (
            <Callout intent={Intent.DANGER} title={t('deploy:widget.invalidTitle')} data-testid="widget-domain-error">
              {t('deploy:widget.invalidBody', { host: EXAMPLE_HOST })}
            </Callout>
          )}
          {!invalid && state.unchanged && (
            <Callout intent={Intent.PRIMARY} icon="info-sign">
              {t('deploy:widget.unchanged')}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('deploy:widget.cancel')} onClick={onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                data-testid="widget-submit"
                loading={mutation.isPending}
                disabled={!canSubmit}
                text={t(hasConfig ? 'deploy:widget.update' : 'deploy:widget.enable')}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
