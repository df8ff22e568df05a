import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  Classes,
  H2,
  H5,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_SEARCH_DEBOUNCE_MS,
  type MarketplaceCategory,
} from '@contracts/marketplace.ts';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getRuntimeConfig } from '../../../lib/supabase.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { agentPageUrl } from '../../deploy/agentPageUrl.ts';
import { useMarketplaceQuery, type MarketplaceAgent } from '../api/listMarketplaceAgents.ts';
import './marketplace.css';
import type { ConsoleKey } from '../../../i18n/keys.ts';
import { errorText } from '../../../errors/errorText.ts';

const CATEGORY_LABEL = {
  all: 'marketplace:categories.all',
  professional: 'marketplace:categories.professional',
  business: 'marketplace:categories.business',
  institution: 'marketplace:categories.institution',
  civil: 'marketplace:categories.civil',
  other: 'marketplace:categories.other',
} as const satisfies Record<MarketplaceCategory, ConsoleKey>;

function isMarketplaceCategory(value: string | null | undefined): value is MarketplaceCategory {
  return (MARKETPLACE_CATEGORIES as readonly (string | null | undefined)[]).includes(value);
}

/** /marketplace: the directory of listed agents, for admins. */
export function MarketplacePage() {
  const { t } = useTranslation();
  const { profile } = useAuth();
  const isAdmin = profile?.isAdmin === true;
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<MarketplaceCategory>('all');
  const settled = useDebouncedValue(search.trim(), MARKETPLACE_SEARCH_DEBOUNCE_MS);
  const query = useMarketplaceQuery(settled, category, isAdmin);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!isAdmin) {
    return (
      <div className="marketplace-page">
        <Callout intent={Intent.DANGER} icon="lock">
          {t('marketplace:accessDenied')}
        </Callout>
      </div>
    );
  }

  const agents = query.data?.pages.flat() ?? [];
  const error = query.error ? toAppError(query.error) : null;
  return (
    <div className="marketplace-page">
      <H2>{t('marketplace:title')}</H2>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder={t('marketplace:search')}
        aria-label={t('marketplace:search')}
        value={search}
        onValueChange={setSearch}
      />
      <ButtonGroup className="marketplace-categories">
        {MARKETPLACE_CATEGORIES.map((c) => (
          <Button key={c} active={c === category} text={t(CATEGORY_LABEL[c])} onClick={() => setCategory(c)} />
        ))}
      </ButtonGroup>
      {query.isPending && <SkeletonLines count={4} />}
      {error && (
        <NonIdealState
          icon="error"
          description={errorText(t, error)}
          action={
            <Button intent={Intent.PRIMARY} text={t('marketplace:tryAgain')} onClick={() => void query.refetch()} />
          }
        />
      )}
      {query.isSuccess && agents.length === 0 && <NonIdealState icon="search" title={t('marketplace:empty')} />}
      <div className="marketplace-grid">
        {agents.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </div>
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage && <SkeletonLines count={2} />}
    </div>
  );
}

function AgentCard({ agent }: { agent: MarketplaceAgent }) {
  const { t } = useTranslation();
  const href = agentPageUrl(getRuntimeConfig().publicSiteUrl, agent.subdomain);
  const shownCategory = isMarketplaceCategory(agent.category) ? agent.category : 'other';
  return (
    <a
      className="marketplace-card-link"
      href={href ?? undefined}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={agent.name}
    >
      <Card interactive className="marketplace-card">
        {agent.avatar_url ? (
          <img className="marketplace-avatar" src={agent.avatar_url} alt="" />
        ) : (
          <span className="marketplace-avatar marketplace-initial">{agent.name.charAt(0).toUpperCase()}</span>
        )}
        <div>
          <H5>{agent.name}</H5>
          {agent.company_name && <p className={Classes.TEXT_MUTED}>{agent.company_name}</p>}
          <Tag minimal>{t(CATEGORY_LABEL[shownCategory])}</Tag>
        </div>
      </Card>
    </a>
  );
}
