import { Button, Callout, Classes, Code, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster, toastSuccess } from '../../../components/toaster.ts';
import type { useIntegrationMutations, WebWidgetState } from '../api/integrations.ts';
import { widgetSnippet } from '../widgetDomain.ts';
import { DeployCard } from './DeployCard.tsx';
import { WidgetDialog } from './WidgetDialog.tsx';

/** Domain, server-generated `ww_` key and the script tag to paste. */
export function WebWidgetCard({
  widget,
  businessCardEnabled,
  mutations,
}: {
  widget: WebWidgetState | null;
  businessCardEnabled: boolean;
  mutations: ReturnType<typeof useIntegrationMutations>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const enabled = widget?.enabled === true;
  const snippet = widget?.scriptUrl ? widgetSnippet(widget.scriptUrl) : null;

  const disable = () =>
    mutations.disableWidget.mutate(undefined, {
      onSuccess: () => toastSuccess(t('deploy:widget.disabledToast')),
      onError: () => toaster.show({ intent: Intent.DANGER, icon: 'error', message: t('deploy:widget.disableFailed') }),
    });
  const copy = () => {
    if (!snippet) return;
    navigator.clipboard
      .writeText(snippet)
      .then(() => toastSuccess(t('deploy:widget.copied')))
      .catch((error: unknown) => console.warn('clipboard write failed', error));
  };

  return (
    <DeployCard
      icon="code"
      testId="deploy-web-widget"
      title={t('deploy:widget.title')}
      description={t('deploy:widget.description')}
      status={{
        label: t(enabled ? 'deploy:enabled' : 'deploy:disabled'),
        intent: enabled ? Intent.SUCCESS : Intent.NONE,
      }}
      footer={
        <>
          <Button
            icon="cog"
            intent={enabled ? Intent.NONE : Intent.PRIMARY}
            text={t('deploy:widget.configure')}
            data-testid="widget-configure"
            onClick={() => setOpen(true)}
          />
          {enabled && (
            <Button
              icon="disable"
              variant="minimal"
              intent={Intent.DANGER}
              loading={mutations.disableWidget.isPending}
              text={t('deploy:widget.disable')}
              data-testid="widget-disable"
              onClick={disable}
            />
          )}
        </>
      }
    >
      {enabled && widget && (
        <dl className="deploy-facts">
          <dt>{t('deploy:widget.domain')}</dt>
          <dd data-testid="widget-domain-value">{widget.domain}</dd>
          <dt>{t('deploy:widget.key')}</dt>
          <dd>
            <Code data-testid="widget-key">{widget.apiKey}</Code>
          </dd>
          <dt>{t('deploy:widget.script')}</dt>
          <dd>
            <Code data-testid="widget-script-url">{widget.scriptUrl}</Code>
          </dd>
        </dl>
      )}
      {enabled && snippet && (
        <div className="deploy-snippet">
          <p className={Classes.TEXT_MUTED}>{t('deploy:widget.snippet')}</p>
          <pre className={Classes.CODE_BLOCK} data-testid="widget-snippet">
            {snippet}
          </pre>
          <Button size="small" icon="duplicate" text={t('deploy:widget.copy')} onClick={copy} />
        </div>
      )}
      {enabled && !businessCardEnabled && (
        <Callout intent={Intent.WARNING} compact>
          {t('deploy:widget.cardOffWarning')}
        </Callout>
      )}
      <WidgetDialog isOpen={open} onClose={() => setOpen(false)} widget={widget} mutation={mutations.configureWidget} />
    </DeployCard>
  );
}
