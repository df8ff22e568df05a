import { Card, Classes, H2, NonIdealState } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { QueryState } from '../../../components/QueryState.tsx';
import { useIntegrationsQuery } from '../../deploy/api/integrations.ts';
import { useBrandingAgentQuery } from '../api/brandingApi.ts';
import { BrandingEditor } from '../BrandingEditor.tsx';
import '../branding.css';

/** The loading skeleton lasts 1 second (so the page never flashes). */
const SKELETON_MS = 1000;

function BrandingSkeleton() {
  return (
    <div className="branding-layout" data-testid="branding-skeleton" aria-busy="true">
      <div className={`branding-skeleton-tabs ${Classes.SKELETON}`} />
      <div className={`branding-skeleton-panel ${Classes.SKELETON}`} />
      <div className={`branding-skeleton-phone ${Classes.SKELETON}`} />
    </div>
  );
}

/**
 * /agents/{id}/branding: only for the owner's agent and only while its virtual
 * business card is enabled; otherwise the page says why and links to Deploy. The card's
 * state is the Deploy page's query (the one its toggle refreshes), not a copy.
 */
export function BrandingPage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useBrandingAgentQuery(agentId);
  const integrations = useIntegrationsQuery(agentId);
  const [skeletonDone, setSkeletonDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSkeletonDone(true), SKELETON_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div className="branding-page">
      <QueryState query={agent} errorTitle={t('agents:list.errorTitle')} loading={<BrandingSkeleton />}>
        {(found) =>
          !found ? (
            <Navigate to="/agents" replace />
          ) : !skeletonDone || integrations.isPending ? (
            <BrandingSkeleton />
          ) : integrations.data?.businessCard?.enabled !== true ? (
            <Card>
              <H2>{t('branding:title')}</H2>
              <NonIdealState
                icon="disable"
                title={t('branding:cardDisabled.title')}
                description={t('branding:cardDisabled.description')}
                action={
                  <Link
                    to={`/agents/${encodeURIComponent(found.id)}/integrations`}
                    className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
                    role="button"
                  >
                    {t('branding:cardDisabled.action')}
                  </Link>
                }
              />
            </Card>
          ) : (
            <BrandingEditor key={found.id} agent={found} />
          )
        }
      </QueryState>
    </div>
  );
}
