import { HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@contracts/history.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { LibraryEntry } from '../api/desktopLibrary.ts';
import { formatBytes } from '../format.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

export const syncIntent = { synced: Intent.SUCCESS, pending: Intent.WARNING, conflict: Intent.DANGER } as const;

/** The label of each sync state of an annotation. */
export const syncLabel = {
  synced: 'library:annotation.sync.synced',
  pending: 'library:annotation.sync.pending',
  conflict: 'library:annotation.sync.conflict',
} as const satisfies Record<keyof typeof syncIntent, ConsoleKey>;

/** The downloaded recordings; a row opens its detail. */
export function LibraryTable({
  entries,
  selectedId,
  onSelect,
}: {
  entries: LibraryEntry[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <HTMLTable interactive striped className="library-table" aria-label={t('library:list.label')}>
      <thead>
        <tr>
          <th>{t('library:list.date')}</th>
          <th>{t('library:list.agent')}</th>
          <th>{t('library:list.caller')}</th>
          <th>{t('library:list.duration')}</th>
          <th>{t('library:list.size')}</th>
          <th>{t('library:list.notes')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr
            key={e.id}
            data-recording={e.id}
            aria-selected={e.id === selectedId}
            tabIndex={0}
            onClick={() => onSelect(e.id)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') onSelect(e.id);
            }}
          >
            <td>{formatDate(e.startedAt, i18n.language)}</td>
            <td>{e.agentName ?? t('library:list.unknownAgent')}</td>
            <td>{e.callerNumber ?? t('library:list.browserCall')}</td>
            <td>{formatCallDuration(e.duration)}</td>
            <td>{formatBytes(e.size, i18n.language)}</td>
            <td>
              {(e.annotation.notes || e.annotation.syncState !== 'synced') && (
                <Tag minimal intent={syncIntent[e.annotation.syncState]}>
                  {t(syncLabel[e.annotation.syncState])}
                </Tag>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
