import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { NotFoundPage } from '../../../app/screens/NotFoundPage.tsx';
import { useAgentQuery } from '../../agents/api/agentDetail.ts';
import { useIntegrationsQuery } from '../../deploy/api/integrations.ts';
import { MessagesScreen } from '../components/MessagesScreen.tsx';
import { TemplateOutsideWindow } from '../components/TemplateOutsideWindow.tsx';
import { WhatsAppNotConnected } from '../components/WhatsAppNotConnected.tsx';

/**
 * /agents/{id}/messages (reached from Deploy's WhatsApp card): the agent's WhatsApp
 * conversations with their threads. Someone else's agent is a not-found (RLS hides it).
 */
export function AgentMessagesPage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useAgentQuery(agentId);
  const integrations = useIntegrationsQuery(agentId);
  if (agent.data === null) return <NotFoundPage inShell />;
  if (agent.isPending) {
    return (
      <div className="wa-page">
        <SkeletonLines count={4} />
      </div>
    );
  }
  return (
    <MessagesScreen
      title={t('messages:agentTitle', { agent: agent.data?.name ?? '' })}
      agentId={agentId}
      settings={(userId) =>
        // Templates belong to the agent's WhatsApp sender: without one, say how to connect it.
        integrations.data === undefined ? null : integrations.data.whatsApp ? (
          <TemplateOutsideWindow agentId={agentId} userId={userId} />
        ) : (
          <WhatsAppNotConnected agentId={agentId} />
        )
      }
    />
  );
}
