import { Button, Checkbox, Classes, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useCallHistoryQuery } from '../../history/api/callHistory.ts';
import type { LibrarySelection } from '../api/desktopLibrary.ts';

export interface CallFilter {
  agentId: string | null;
  search: string;
  /** The day inputs as typed (yyyy-MM-dd, '' = open). */
  from: string;
  to: string;
}

/**
 * The recorded calls matching the download filter (the call history's own query), to pick one or a
 * few by hand.
 */
export function CallPicker({
  filter,
  busy,
  onDownload,
}: {
  filter: CallFilter;
  busy: boolean;
  onDownload: (selection: LibrarySelection) => void;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const calls = useCallHistoryQuery(user?.id ?? '', filter.agentId, filter.search, {
    kind: 'custom',
    from: filter.from,
    to: filter.to,
  });
  const [picked, setPicked] = useState<Map<string, 'gsm' | 'voice'>>(new Map());
  const toggle = (id: string, kind: 'gsm' | 'voice') =>
    setPicked((previous) => {
      const next = new Map(previous);
      if (next.has(id)) next.delete(id);
      else next.set(id, kind);
      return next;
    });
  const recorded = (calls.data?.pages ?? []).flatMap((page) => page.rows).filter((c) => c.recording_path !== null);

  return (
    <div className="library-call-picker">
      <QueryState
        query={{ ...calls, data: recorded }}
        isEmpty={(list) => list.length === 0}
        empty={<NonIdealState icon="phone" description={t('library:download.noRecordedCalls')} />}
      >
        {(list) => (
          <ul className={Classes.LIST_UNSTYLED}>
            {list.map((c) => (
              <li key={c.id}>
                <Checkbox
                  checked={picked.has(c.id)}
                  onChange={() => toggle(c.id, c.kind)}
                  label={`${formatDate(c.started_at, i18n.language)} · ${c.agent_name ?? ''} · ${
                    c.from_number ?? t('library:list.browserCall')
                  }`}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {calls.hasNextPage && (
        <Button
          variant="minimal"
          text={t('library:download.moreCalls')}
          loading={calls.isFetchingNextPage}
          onClick={() => void calls.fetchNextPage()}
        />
      )}
      <Button
        intent={Intent.PRIMARY}
        icon="download"
        disabled={picked.size === 0}
        loading={busy}
        text={t('library:download.selected', { count: picked.size })}
        onClick={() => onDownload({ mode: 'calls', calls: [...picked].map(([id, kind]) => ({ kind, id })) })}
      />
    </div>
  );
}
