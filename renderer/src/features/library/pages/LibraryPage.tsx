import { Classes, H2, NonIdealState } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_SEARCH_DEBOUNCE_MS } from '@contracts/history.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useOwnerAgentsQuery } from '../../history/api/ownerAgents.ts';
import { dayEnd, dayStart } from '../../history/dateInputs.ts';
import { desktopLibrary, requireLibrary, type LibrarySearch } from '../api/desktopLibrary.ts';
import {
  useCancelDownloadsMutation,
  useDownloadMutation,
  useSaveAnnotationMutation,
  useSaveLibrarySettingsMutation,
  useSyncLibraryMutation,
  useWipeLibraryMutation,
} from '../api/mutations.ts';
import {
  useLibraryEntriesQuery,
  useLibraryEntryQuery,
  useLibraryEvents,
  useLibrarySettingsQuery,
  useLibraryStatusQuery,
} from '../api/queries.ts';
import { DownloadPanel, type DownloadOutcome } from '../components/DownloadPanel.tsx';
import { DownloadProgressList } from '../components/DownloadProgressList.tsx';
import { EntryDetail } from '../components/EntryDetail.tsx';
import { emptyFilters, LibraryFilters, type LibraryFilterValues } from '../components/LibraryFilters.tsx';
import { LibrarySettingsPanel } from '../components/LibrarySettingsPanel.tsx';
import { LibraryTable } from '../components/LibraryTable.tsx';
import './library.css';

/** /library: the offline recordings library of the desktop app. */
export function LibraryPage() {
  const { t } = useTranslation();
  if (!desktopLibrary()) {
    return (
      <NonIdealState
        icon="desktop"
        title={t('library:desktopOnly.title')}
        description={t('library:desktopOnly.description')}
      />
    );
  }
  return <DesktopLibrary />;
}

function toSearch(filters: LibraryFilterValues): LibrarySearch {
  return {
    text: filters.text.trim(),
    agentId: filters.agentId || null,
    caller: filters.caller.trim(),
    since: filters.from ? dayStart(filters.from) : null,
    until: filters.to ? dayEnd(filters.to) : null,
  };
}

function DesktopLibrary() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const agents = useOwnerAgentsQuery(user?.id ?? '');
  const [filters, setFilters] = useState<LibraryFilterValues>(emptyFilters);
  const debounced = useDebouncedValue(filters, HISTORY_SEARCH_DEBOUNCE_MS);
  const search = useMemo(() => toSearch(debounced), [debounced]);
  const entries = useLibraryEntriesQuery(search);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const entry = useLibraryEntryQuery(selectedId);
  const status = useLibraryStatusQuery();
  const settings = useLibrarySettingsQuery();
  const downloads = useLibraryEvents();
  const download = useDownloadMutation();
  const cancel = useCancelDownloadsMutation();
  const saveAnnotation = useSaveAnnotationMutation();
  const saveSettings = useSaveLibrarySettingsMutation();
  const sync = useSyncLibraryMutation();
  const wipe = useWipeLibraryMutation();
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);
  const agentList = agents.data ?? [];
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of entries.data ?? []) map.set(e.id, `${e.agentName ?? ''} ${e.callerNumber ?? ''}`.trim());
    return map;
  }, [entries.data]);
  const blank = Object.values(debounced).every((v) => v === '');

  return (
    <div className="library-page">
      <H2>{t('library:title')}</H2>
      <p className={Classes.TEXT_MUTED}>{t('library:subtitle')}</p>
      <DownloadPanel
        agents={agentList}
        busy={download.isPending}
        outcome={outcome}
        onDownload={(selection) =>
          download.mutate(selection, {
            onSuccess: (started) => setOutcome({ queued: started.queued, truncated: started.truncated }),
          })
        }
        onCancelAll={() => cancel.mutate(null)}
      />
      <DownloadProgressList downloads={downloads} names={names} />
      <div className="library-columns">
        <section className="library-list">
          <LibraryFilters value={filters} agents={agentList} onChange={setFilters} />
          <QueryState
            query={entries}
            isEmpty={(list) => list.length === 0}
            empty={
              <NonIdealState
                icon={blank ? 'archive' : 'search'}
                title={blank ? t('library:list.emptyTitle') : t('library:list.noMatchTitle')}
                description={blank ? t('library:list.emptyDescription') : t('library:list.noMatchDescription')}
              />
            }
          >
            {(list) => <LibraryTable entries={list} selectedId={selectedId} onSelect={setSelectedId} />}
          </QueryState>
        </section>
        <section className="library-side">
          {selectedId === null ? (
            <NonIdealState icon="headset" description={t('library:detail.select')} />
          ) : (
            <QueryState query={entry} loading={<SkeletonLines count={5} />} isEmpty={(e) => e === null} empty={null}>
              {(detail) =>
                detail && (
                  <EntryDetail
                    entry={detail}
                    saving={saveAnnotation.isPending}
                    onSave={(annotation) => saveAnnotation.mutate({ id: detail.id, annotation })}
                    onShowInFolder={() =>
                      void requireLibrary()
                        .showInFolder(detail.file)
                        .catch(() => undefined)
                    }
                    onClose={() => setSelectedId(null)}
                  />
                )
              }
            </QueryState>
          )}
          <QueryState query={settings}>
            {(current) => (
              <LibrarySettingsPanel
                key={`${current.maxBytes}-${current.wipeOnSignOut}`}
                settings={current}
                status={status.data}
                busy={saveSettings.isPending}
                syncMessage={sync.data ? t('library:settings.syncResult', sync.data) : null}
                onSave={(next) => saveSettings.mutate(next)}
                onSync={() => sync.mutate()}
                onWipe={() => {
                  setSelectedId(null);
                  wipe.mutate();
                }}
              />
            )}
          </QueryState>
        </section>
      </div>
    </div>
  );
}
