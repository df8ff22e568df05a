import { Classes, H2, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QueryState } from '../../components/QueryState.tsx';
import { useAgentQuery } from '../agents/api/agentDetail.ts';
import { InteractionsEditor } from './InteractionsEditor.tsx';

/** /agents/{id}/interactions: 'Agent not found.' for an unknown agent. */
export function InteractionsPage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useAgentQuery(agentId);
  return (
    <div className="agents-page interactions-page">
      <QueryState query={agent} errorTitle={t('interactions:page.errorTitle')}>
        {(found) =>
          found ? (
            <>
              <header className="interactions-header">
                <H2>{t('interactions:page.title')}</H2>
                <p className={Classes.TEXT_MUTED}>{t('interactions:page.subtitle', { name: found.name })}</p>
              </header>
              <InteractionsEditor agent={found} />
            </>
          ) : (
            <NonIdealState icon="search" title={t('interactions:page.notFound')} />
          )
        }
      </QueryState>
    </div>
  );
}
