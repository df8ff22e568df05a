import { Classes, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { getRuntimeConfig } from '../../../lib/supabase.ts';
import { useAgentQuery, type AgentDetail } from '../../agents/api/agentDetail.ts';
import { useIntegrationMutations, useIntegrationsQuery, type AgentIntegrations } from '../api/integrations.ts';
import { useAssignedNumberQuery } from '../api/phone.ts';
import { useSaveWhatsAppVoiceRepliesMutation, useWhatsAppVoiceRepliesQuery } from '../api/whatsAppVoiceReplies.ts';
import { toastError } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { BusinessCardCard } from '../components/BusinessCardCard.tsx';
import { ComingSoonCard } from '../components/ComingSoonCard.tsx';
import { GoogleCalendarCard } from '../GoogleCalendarCard.tsx';
import { PhoneNumberCard } from '../components/PhoneNumberCard.tsx';
import { WebWidgetCard } from '../components/WebWidgetCard.tsx';
import { WhatsAppCard } from '../components/WhatsAppCard.tsx';
import { useWhatsAppSetup } from '../whatsAppSetup.ts';
import { agentPageUrl } from '../agentPageUrl.ts';
import '../deploy.css';

/** /agents/{id}/integrations, menu label Deploy. An unknown agent goes back to /agents. */
export function DeployPage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useAgentQuery(agentId);
  return (
    <div className="deploy-page">
      <QueryState query={agent} errorTitle={t('deploy:errorTitle')}>
        {(found) => (found ? <DeployOptions agent={found} /> : <Navigate to="/agents" replace />)}
      </QueryState>
    </div>
  );
}

function DeployOptions({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation();
  const integrations = useIntegrationsQuery(agent.id);
  return (
    <>
      <header className="deploy-header">
        <H2>{t('deploy:title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('deploy:subtitle', { name: agent.name })}</p>
      </header>
      <QueryState query={integrations} errorTitle={t('deploy:errorTitle')} loading={<SkeletonLines count={6} />}>
        {(state) => <DeployGrid agent={agent} integrations={state} />}
      </QueryState>
    </>
  );
}

function DeployGrid({ agent, integrations }: { agent: AgentDetail; integrations: AgentIntegrations }) {
  const mutations = useIntegrationMutations(agent.id);
  const phone = useAssignedNumberQuery(agent.id);
  const cardEnabled = integrations.businessCard?.enabled === true;
  const assigned = phone.data ?? null;
  return (
    <div className="deploy-grid">
      <BusinessCardCard
        card={integrations.businessCard}
        pageUrl={agentPageUrl(getRuntimeConfig().publicSiteUrl, agent.subdomain)}
        mutation={mutations.businessCard}
      />
      <WebWidgetCard widget={integrations.webWidget} businessCardEnabled={cardEnabled} mutations={mutations} />
      <GoogleCalendarCard agentId={agent.id} />
      <PhoneNumberCard agentId={agent.id} assigned={assigned} />
      <WhatsAppDeploy
        agentId={agent.id}
        stored={integrations.whatsApp}
        hasNumber={assigned !== null}
        brandingEnabled={cardEnabled}
      />
      <ComingSoonCard channel="messenger" icon="chat" />
      <ComingSoonCard channel="instagram" icon="camera" />
    </div>
  );
}

function WhatsAppDeploy(props: {
  agentId: string;
  stored: AgentIntegrations['whatsApp'];
  hasNumber: boolean;
  brandingEnabled: boolean;
}) {
  const { t } = useTranslation();
  const setup = useWhatsAppSetup(props.agentId, props.stored, props.hasNumber);
  const voiceReplies = useWhatsAppVoiceRepliesQuery(props.agentId);
  const saveVoiceReplies = useSaveWhatsAppVoiceRepliesMutation(props.agentId);
  return (
    <WhatsAppCard
      agentId={props.agentId}
      sender={setup.sender}
      hasNumber={props.hasNumber}
      brandingEnabled={props.brandingEnabled}
      signupConfigured={setup.signupConfigured}
      busy={setup.busy}
      pollFailed={setup.pollFailed}
      onConnect={setup.connect}
      onDisconnect={setup.disconnect}
      onVerify={setup.verify}
      verifying={setup.verifying}
      verifyError={setup.verifyError}
      voiceReplies={voiceReplies.data ?? null}
      voiceRepliesSaving={saveVoiceReplies.isPending}
      onVoiceRepliesChange={(on) =>
        saveVoiceReplies.mutate(on, { onError: (error) => toastError(toAppError(error), t) })
      }
    />
  );
}
