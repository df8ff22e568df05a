import { Button, Tag } from '@blueprintjs/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@contracts/history.ts';
import { formatPhone } from '@contracts/phone-format.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { CallRow } from '../api/callHistory.ts';
import { CallStatusTag } from './CallStatusTag.tsx';
import { CALL_KIND_LABEL } from '../labels.ts';

const column = createColumnHelper<CallRow>();

export interface CallTableProps {
  rows: CallRow[] | undefined;
  loading: boolean;
  /** All agents: Type and Agent columns too. */
  allAgents: boolean;
  onDetails: (call: CallRow) => void;
}

/** The call list, French in both interface languages: every finished call, answered or not. */
export function CallTable({ rows, loading, allAgents, onDetails }: CallTableProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const all: ColumnDef<CallRow, string>[] = [
      column.accessor('kind', {
        id: 'type',
        header: t('history:calls.columns.type'),
        cell: (c) => (
          <Tag minimal icon={c.getValue() === 'gsm' ? 'phone' : 'globe-network'}>
            {t(CALL_KIND_LABEL[c.getValue()])}
          </Tag>
        ),
      }),
      column.accessor('started_at', {
        header: t('history:calls.columns.date'),
        cell: (c) => formatDate(c.getValue(), 'fr'),
      }),
      column.accessor((row) => row.from_number ?? '', {
        id: 'from',
        header: t('history:calls.columns.from'),
        cell: (c) => (c.getValue() ? formatPhone(c.getValue()) : t('history:calls.browserCaller')),
      }),
      column.accessor((row) => row.agent_name ?? '', {
        id: 'agent',
        header: t('history:calls.columns.agent'),
        cell: (c) => c.getValue() || t('history:calls.unknownAgent'),
      }),
      column.accessor((row) => formatCallDuration(row.duration), {
        id: 'duration',
        header: t('history:calls.columns.duration'),
      }),
      column.accessor('status', {
        header: t('history:calls.columns.status'),
        cell: (c) => <CallStatusTag status={c.getValue()} />,
      }),
      column.display({
        id: 'actions',
        header: t('history:calls.columns.actions'),
        cell: (c) => (
          <Button
            small
            icon="eye-open"
            text={t('history:calls.details')}
            aria-label={`${t('history:calls.details')} ${formatDate(c.row.original.started_at, 'fr')}`}
            onClick={() => onDetails(c.row.original)}
          />
        ),
      }),
    ];
    return allAgents ? all : all.filter((col) => col.id !== 'type' && col.id !== 'agent');
  }, [t, allAgents, onDetails]);

  return (
    <div className="call-table">
      <DataTable columns={columns} data={rows} loading={loading} enableSorting={false} getRowId={(r) => r.id} />
    </div>
  );
}
