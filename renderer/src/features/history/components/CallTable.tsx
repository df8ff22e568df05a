import { Button, Intent, Tag } from '@blueprintjs/core';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCallDuration } from '@contracts/history.ts';
import { CALL_STATUSES, callStatusColour, type CallStatus } from '@contracts/phone.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { formatDate } from '../../../lib/dates.ts';
import type { CallRow } from '../api/callHistory.ts';

const intentOf = { green: Intent.SUCCESS, red: Intent.DANGER, yellow: Intent.WARNING } as const;
const column = createColumnHelper<CallRow>();

function isCallStatus(status: string): status is CallStatus {
  return (CALL_STATUSES as readonly string[]).includes(status);
}

export interface CallTableProps {
  rows: CallRow[] | undefined;
  loading: boolean;
  /** All agents: Type and Agent columns too (spec 002 §2.5). */
  allAgents: boolean;
  onDetails: (call: CallRow) => void;
}

/** The call list (spec 002 §2.5), French in both interface languages. */
export function CallTable({ rows, loading, allAgents, onDetails }: CallTableProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const all: ColumnDef<CallRow, string>[] = [
      column.accessor('kind', {
        id: 'type',
        header: t('history:calls.columns.type'),
        cell: (c) => (
          <Tag minimal icon={c.getValue() === 'gsm' ? 'phone' : 'globe-network'}>
            {t(`history:calls.kind.${c.getValue()}`)}
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
        cell: (c) => c.getValue() || t('history:calls.browserCaller'),
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
        cell: (c) => {
          const status = c.getValue();
          const known = isCallStatus(status);
          return (
            <Tag intent={known ? intentOf[callStatusColour(status)] : Intent.WARNING} minimal>
              {known ? t(`history:calls.status.${status}`) : status}
            </Tag>
          );
        },
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
