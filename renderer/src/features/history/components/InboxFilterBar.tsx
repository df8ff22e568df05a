import { Button, Classes, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { INBOX_CHANNELS, RATING_FILTERS, type InboxChannel, type RatingFilter } from '@contracts/history.ts';
import type { InboxFilters } from '../api/keys.ts';
import { dayEnd, dayStart } from '../dateInputs.ts';
import { NO_INBOX_FILTERS } from '../inboxFilters.ts';
import { CHANNEL_LABEL, RATING_LABEL } from '../labels.ts';

export interface InboxFilterBarProps {
  filters: InboxFilters;
  /** The date inputs' own values (yyyy-MM-dd), kept by the page. */
  days: { from: string; to: string };
  agents: { id: string; name: string }[];
  onChange: (filters: InboxFilters, days: { from: string; to: string }) => void;
}

/** Agent, channel, rating and date filters of the inbox. */
export function InboxFilterBar({ filters, days, agents, onChange }: InboxFilterBarProps) {
  const { t } = useTranslation();
  const setDays = (next: { from: string; to: string }) =>
    onChange(
      { ...filters, since: next.from ? dayStart(next.from) : null, until: next.to ? dayEnd(next.to) : null },
      next,
    );
  return (
    <div className="inbox-toolbar" role="group" aria-label={t('history:inbox.filters')}>
      <HTMLSelect
        aria-label={t('history:inbox.agent')}
        value={filters.agentId ?? ''}
        onChange={(e) => onChange({ ...filters, agentId: e.currentTarget.value || null }, days)}
        options={[
          { value: '', label: t('history:inbox.allAgents') },
          ...agents.map((a) => ({ value: a.id, label: a.name })),
        ]}
      />
      <HTMLSelect
        aria-label={t('history:inbox.channel')}
        value={filters.channel ?? ''}
        onChange={(e) =>
          onChange({ ...filters, channel: (e.currentTarget.value || null) as InboxChannel | null }, days)
        }
        options={[
          { value: '', label: t('history:inbox.allChannels') },
          ...INBOX_CHANNELS.map((c) => ({ value: c, label: t(CHANNEL_LABEL[c]) })),
        ]}
      />
      <HTMLSelect
        aria-label={t('history:inbox.rating')}
        value={filters.rating ?? ''}
        onChange={(e) => onChange({ ...filters, rating: (e.currentTarget.value || null) as RatingFilter | null }, days)}
        options={[
          { value: '', label: t('history:inbox.ratings.any') },
          ...RATING_FILTERS.map((r) => ({ value: r, label: t(RATING_LABEL[r]) })),
        ]}
      />
      <label>
        {t('history:inbox.from')}{' '}
        <input
          className={Classes.INPUT}
          type="date"
          value={days.from}
          onChange={(e) => setDays({ ...days, from: e.target.value })}
        />
      </label>
      <label>
        {t('history:inbox.to')}{' '}
        <input
          className={Classes.INPUT}
          type="date"
          value={days.to}
          onChange={(e) => setDays({ ...days, to: e.target.value })}
        />
      </label>
      <Button
        minimal
        icon="filter-remove"
        text={t('history:inbox.clear')}
        onClick={() => onChange(NO_INBOX_FILTERS, { from: '', to: '' })}
      />
    </div>
  );
}
