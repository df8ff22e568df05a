import { AnchorButton, Classes, H2, HTMLSelect, Intent, NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLinkClickHandler, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useLiveWhatsAppMessages } from '../api/liveMessages.ts';
import { useThreadsQuery } from '../api/threads.ts';
import { parseThreadKey } from '../model.ts';
import { ThreadList } from './ThreadList.tsx';
import { ThreadPanel } from './ThreadPanel.tsx';
import '../messages.css';

export interface MessagesScreenProps {
  title: string;
  /** One agent's conversations (/agents/{id}/messages), or null for all agents (/messages). */
  agentId: string | null;
  /** The all-agents page offers a filter by agent; the per-agent page does not need one. */
  /** Agent-level settings drawn under the header (the per-agent page's template picker). */
  settings?: (userId: string) => ReactNode;
  agentFilter?: { agents: { id: string; name: string }[]; value: string | null; onChange: (id: string | null) => void };
}

/**
 * The WhatsApp conversations of one or all agents: the list (newest first, paged) beside the open
 * thread, which is kept in `?thread=` so it survives a reload and the back button. Below 768 px the
 * list and the thread take turns. Live: a message arriving re-reads both.
 */
export function MessagesScreen({ title, agentId, agentFilter, settings }: MessagesScreenProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  useLiveWhatsAppMessages(userId);
  const threads = useThreadsQuery(userId, agentId);
  const [params, setParams] = useSearchParams();
  const selectedKey = params.get('thread');
  const selected = parseThreadKey(selectedKey);
  const selectedThread = threads.data?.find((thread) => thread.key === selectedKey);
  const deployPath = agentId ? `/agents/${encodeURIComponent(agentId)}/integrations` : '/agents';
  const openDeploy = useLinkClickHandler<HTMLElement>(deployPath);

  const selectThread = (key: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key) next.set('thread', key);
        else next.delete('thread');
        return next;
      },
      { replace: false },
    );

  return (
    <div className={`wa-page${selected ? ' has-thread' : ''}`} data-testid="whatsapp-messages">
      <div className="wa-page-header">
        <div>
          <H2>{title}</H2>
          <p className={Classes.TEXT_MUTED}>{t('messages:subtitle')}</p>
        </div>
        {agentFilter && (
          <label className="wa-agent-filter">
            <span>{t('messages:filter.label')}</span>
            <HTMLSelect
              value={agentFilter.value ?? ''}
              onChange={(event) => agentFilter.onChange(event.currentTarget.value || null)}
            >
              <option value="">{t('messages:filter.all')}</option>
              {agentFilter.agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </HTMLSelect>
          </label>
        )}
      </div>
      {settings && userId !== '' && settings(userId)}
      <QueryState
        query={threads}
        errorTitle={t('messages:errorTitle')}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <EmptyState
            icon="chat"
            title={t('messages:empty.title')}
            description={t(agentId ? 'messages:empty.agentBody' : 'messages:empty.allBody')}
            action={
              <AnchorButton
                role="link"
                intent={Intent.PRIMARY}
                icon="link"
                href={deployPath}
                onClick={openDeploy}
                text={t('messages:empty.deploy')}
              />
            }
          />
        }
      >
        {(rows) => (
          <div className="wa-columns">
            <ThreadList
              threads={rows}
              selectedKey={selectedKey}
              onSelect={(thread) => selectThread(thread.key)}
              showAgent={agentFilter !== undefined}
              hasMore={threads.hasNextPage}
              loadingMore={threads.isFetchingNextPage}
              onLoadMore={() => void threads.fetchNextPage()}
            />
            {selected ? (
              <ThreadPanel
                key={selectedKey}
                userId={userId}
                agentId={selected.agentId}
                contact={selected.contact}
                profileName={selectedThread?.profileName ?? null}
                agentName={selectedThread?.agentName ?? null}
                onBack={() => selectThread(null)}
              />
            ) : (
              <div className="wa-thread-placeholder">
                <NonIdealState
                  icon="chat"
                  title={t('messages:thread.pick')}
                  description={t('messages:thread.pickBody')}
                />
              </div>
            )}
          </div>
        )}
      </QueryState>
    </div>
  );
}
