import { AnchorButton, Button, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler } from 'react-router-dom';
import type { WhatsAppState } from '../api/integrations.ts';
import { DeployCard } from './DeployCard.tsx';

/** Readiness as spec 001 §4.9 shows it: online is ready, anything else is not. */
export function whatsAppReady(state: WhatsAppState | null): boolean {
  return state?.enabled === true && state.status?.toLowerCase() === 'online';
}

/**
 * The WhatsApp Business state read from agent_integrations, with the links of spec 001 §2.7.
 * The embedded sign-up comes with the WhatsApp issue: its action says it is not available yet.
 */
export function WhatsAppCard({
  agentId,
  state,
  hasNumber,
  brandingEnabled,
}: {
  agentId: string;
  state: WhatsAppState | null;
  hasNumber: boolean;
  brandingEnabled: boolean;
}) {
  const { t } = useTranslation();
  const base = `/agents/${encodeURIComponent(agentId)}`;
  const openMessages = useLinkClickHandler<HTMLElement>(`${base}/messages`);
  const openBranding = useLinkClickHandler<HTMLElement>(`${base}/branding`);
  const ready = whatsAppReady(state);
  return (
    <DeployCard
      icon="chat"
      testId="deploy-whatsapp"
      title={t('deploy:whatsApp.title')}
      description={t('deploy:whatsApp.description')}
      status={{
        label: t(ready ? 'deploy:whatsApp.ready' : 'deploy:whatsApp.notReady'),
        intent: ready ? Intent.SUCCESS : Intent.NONE,
      }}
      footer={
        <>
          <Button icon="link" disabled text={t('deploy:whatsApp.connect')} />
          <AnchorButton
            variant="minimal"
            icon="envelope"
            role="link"
            href={`${base}/messages`}
            onClick={openMessages}
            text={t('deploy:whatsApp.messages')}
          />
          <AnchorButton
            variant="minimal"
            icon="style"
            role="link"
            href={`${base}/branding`}
            onClick={openBranding}
            disabled={!brandingEnabled}
            text={t('deploy:whatsApp.branding')}
          />
        </>
      }
    >
      {state ? (
        <dl className="deploy-facts">
          <dt>{t('deploy:whatsApp.number')}</dt>
          <dd>{state.phoneNumber ?? '—'}</dd>
          <dt />
          <dd data-testid="whatsapp-status">{t('deploy:whatsApp.status', { status: state.status ?? '—' })}</dd>
        </dl>
      ) : (
        <p className={Classes.TEXT_MUTED} data-testid="whatsapp-status">
          {t('deploy:whatsApp.notConnected')}
          {!hasNumber && ` ${t('deploy:whatsApp.needsNumber')}`}
        </p>
      )}
      <p className={`deploy-not-available ${Classes.TEXT_SMALL}`}>{t('deploy:whatsApp.notAvailable')}</p>
    </DeployCard>
  );
}
