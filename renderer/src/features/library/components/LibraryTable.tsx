import { HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@contracts/history.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { LibraryEntry } from '../api/desktopLibrary.ts';
import { formatBytes } from '../format.ts';

export const syncIntent = { synced: Intent.SUCCESS, pending: Intent.WARNING, conflict: Intent.DANGER } as const;

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
                  {t(`library:annotation.sync.${e.annotation.syncState}`)}
                </Tag>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
