import { Classes, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { CreditEntry } from '../api/getCreditHistory.ts';

/** Credit movements, newest first, with the empty message when there are none. */
export function CreditHistoryTable({ entries }: { entries: CreditEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <EmptyState icon="history" title={t('credits:history.empty')} />;
  return (
    <HTMLTable className="credits-history" compact striped>
      <thead>
        <tr>
          <th>{t('credits:history.date')}</th>
          <th>{t('credits:history.type')}</th>
          <th className="is-number">{t('credits:history.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{formatDate(e.createdAt, i18n.language)}</td>
            <td>{t(`credits:history.types.${e.type}`)}</td>
            <td className={`is-number ${e.amount < 0 ? Classes.INTENT_DANGER : Classes.INTENT_SUCCESS}`}>
              {e.amount > 0 ? `+${e.amount}` : e.amount}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
