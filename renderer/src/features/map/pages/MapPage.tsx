import { Button, Callout, Classes, H2, Intent, NonIdealState } from '@blueprintjs/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { AgentMapResponse } from '@contracts/agent-map.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { getRuntimeConfig } from '../../../lib/supabase.ts';
import { agentPageUrl } from '../../deploy/agentPageUrl.ts';
import { useAgentMapQuery } from '../api/agentMap.ts';
import { tileSourceOf, type TileSource } from '../tileSource.ts';
import './map.css';

// Leaflet is loaded with the page that draws it, not with the whole console.
const AgentMap = lazy(() => import('../components/AgentMap.tsx').then((m) => ({ default: m.AgentMap })));

/** /map: the owner's agents at their business addresses. */
export function MapPage() {
  const { t } = useTranslation();
  const config = getRuntimeConfig();
  const tiles = useMemo(() => tileSourceOf(config), [config]);
  const query = useAgentMapQuery(tiles !== null);
  return (
    <div className="map-page">
      <div>
        <H2>{t('map:title')}</H2>
        <p className={Classes.TEXT_MUTED}>{t('map:subtitle')}</p>
      </div>
      {tiles === null ? (
        <NotConfigured reason="tiles" />
      ) : (
        <QueryState query={query} errorTitle={t('map:errors.load')}>
          {(data) => <MapContent data={data} tiles={tiles} />}
        </QueryState>
      )}
    </div>
  );
}

function NotConfigured({ reason }: { reason: 'tiles' | 'geocoder' }) {
  const { t } = useTranslation();
  return (
    <NonIdealState icon="map" title={t('map:notConfigured.title')} description={t(`map:notConfigured.${reason}`)} />
  );
}

function MapContent({ data, tiles }: { data: AgentMapResponse; tiles: TileSource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const publicSiteUrl = getRuntimeConfig().publicSiteUrl;
  if (data.geocoder === 'not_configured' && data.points.length === 0) return <NotConfigured reason="geocoder" />;
  if (data.points.length === 0 && data.unlocated.length === 0) {
    return (
      <NonIdealState
        icon="map-marker"
        title={t('map:empty.title')}
        description={t('map:empty.description')}
        action={
          <Button intent={Intent.PRIMARY} text={t('map:empty.action')} onClick={() => void navigate('/agents')} />
        }
      />
    );
  }
  return (
    <>
      {data.geocoder === 'not_configured' && <Callout intent={Intent.WARNING}>{t('map:geocoderOff')}</Callout>}
      {data.unlocated.length > 0 && (
        <Callout intent={Intent.WARNING} title={t('map:unlocated.title', { count: data.unlocated.length })}>
          <ul className="map-unlocated">
            {data.unlocated.map((u) => (
              <li key={u.agentId}>
                {t('map:unlocated.item', { name: u.name, address: u.address, reason: t(`map:reasons.${u.reason}`) })}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      {data.withoutAddress > 0 && (
        <p className={Classes.TEXT_MUTED}>{t('map:withoutAddress', { count: data.withoutAddress })}</p>
      )}
      <Suspense fallback={<SkeletonLines count={6} />}>
        <AgentMap
          points={data.points}
          tiles={tiles}
          pageUrl={(point) => (point.subdomain ? agentPageUrl(publicSiteUrl, point.subdomain) : null)}
        />
      </Suspense>
    </>
  );
}
