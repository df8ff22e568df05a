import { AnchorButton, Intent, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler, useParams } from 'react-router-dom';
import { useAgentQuery } from '../../features/agents/api/agentDetail.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/**
 * Per-agent pages the spec lists but this version does not ship yet (the dashboard and call history
 * belong to other documents). Their links exist (side panel, WhatsApp card),
 * so they say so plainly instead of 'Page Not Found'. A page that gets its own route wins over this
 * one (a static segment outranks `:page`); any other name, or an agent that is not the user's, is a
 * real not-found.
 */
export const pendingAgentPages = new Set(['dashboard', 'calls']);

export function AgentPagePending() {
  const { t } = useTranslation();
  const { agentId = '', page = '' } = useParams();
  // The agent list's Edit lands on the dashboard: send the owner on to the agent's configuration.
  const configure = `/agents/${encodeURIComponent(agentId)}/configure`;
  const goConfigure = useLinkClickHandler<HTMLElement>(configure);
  const agent = useAgentQuery(agentId);
  if (!pendingAgentPages.has(page)) return <NotFoundPage inShell />;
  if (agent.isPending) return null;
  // A failed lookup is not proof the agent is missing: keep the honest 'not available' message.
  if (agent.data === null) return <NotFoundPage inShell />;
  return (
    <div className="console-centered is-in-shell" data-testid="agent-page-pending">
      <NonIdealState
        icon="time"
        title={t('shell:agentPending.title')}
        description={t('shell:agentPending.body')}
        action={
          <AnchorButton
            role="link"
            href={configure}
            onClick={goConfigure}
            intent={Intent.PRIMARY}
            text={t('shell:agentPending.back')}
          />
        }
      />
    </div>
  );
}
