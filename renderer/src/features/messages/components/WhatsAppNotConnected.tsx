import { AnchorButton, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler } from 'react-router-dom';

/**
 * /agents/{id}/messages for an agent without a WhatsApp sender: how to connect one, in place of
 * the template picker (its templates come from a sender this agent does not have yet).
 */
export function WhatsAppNotConnected({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const deployPath = `/agents/${encodeURIComponent(agentId)}/integrations`;
  const openDeploy = useLinkClickHandler<HTMLElement>(deployPath);
  return (
    <Callout
      className="wa-template"
      intent={Intent.PRIMARY}
      icon="info-sign"
      title={t('messages:notConnected.title')}
      data-testid="whatsapp-not-connected"
    >
      <p>{t('messages:notConnected.body')}</p>
      <AnchorButton
        role="link"
        intent={Intent.PRIMARY}
        icon="link"
        href={deployPath}
        onClick={openDeploy}
        text={t('messages:notConnected.action')}
      />
    </Callout>
  );
}
