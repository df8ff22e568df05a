import { Button, ButtonGroup, Card, Classes, H2, H4, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toaster } from '../../../components/toaster.ts';
import { formatDate } from '../../../lib/dates.ts';
import {
  fetchAllTransactions,
  useBillingMonthsQuery,
  useBillingTotalsQuery,
  useBillingTransactionsQuery,
  type BillingTransaction,
} from '../api/billingQueries.ts';
import { transactionsCsv } from '../billingCsv.ts';
import './billing.css';

const PAGE_SIZE = 25;

function money(cents: number | null, currency: string | null, lang: string): string {
  if (cents === null) return '—';
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', {
    style: 'currency',
    currency: (currency ?? 'usd').toUpperCase(),
  }).format(cents / 100);
}

/** /admin/billing: revenue, subscriptions and credits from payment events and the ledger. */
export function BillingPage() {
  const { t, i18n } = useTranslation();
  const totals = useBillingTotalsQuery();
  const months = useBillingMonthsQuery(12);
  const [page, setPage] = useState(0);
  const transactions = useBillingTransactionsQuery(page, PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const lang = i18n.language;

  const columns = useMemo(() => {
    const col = createColumnHelper<BillingTransaction>();
    return [
      col.accessor('processed_at', { header: t('billing:table.date'), cell: (c) => formatDate(c.getValue(), lang) }),
      col.accessor('kind', {
        header: t('billing:table.kind'),
        cell: (c) => (
          <Tag intent={c.getValue() === 'refund' ? Intent.WARNING : Intent.SUCCESS} minimal>
            {t(`billing:kind.${c.getValue()}`)}
          </Tag>
        ),
      }),
      col.accessor('user_email', { header: t('billing:table.user'), cell: (c) => c.getValue() ?? '—' }),
      col.accessor('pack_name', { header: t('billing:table.pack'), cell: (c) => c.getValue() ?? '—' }),
      col.accessor('amount_cents', {
        header: t('billing:table.amount'),
        cell: (c) => money(c.getValue(), c.row.original.currency, lang),
      }),
      col.accessor('credits', { header: t('billing:table.credits'), cell: (c) => c.getValue() ?? '—' }),
    ];
  }, [t, lang]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = new Blob([transactionsCsv(await fetchAllTransactions())], { type: 'text/csv;charset=utf-8' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      toaster.show({ intent: Intent.DANGER, icon: 'error', message: t('billing:exportFailed') });
    } finally {
      setExporting(false);
    }
  };

  const total = transactions.data?.[0]?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <div style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <H2>{t('billing:title')}</H2>
      <QueryState query={totals}>
        {(data) => (
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 16 }}>
            <Stat
              label={t('billing:totals.revenue')}
              value={money(data.revenue_cents, data.currency, lang)}
              id="revenue"
            />
            <Stat
              label={t('billing:totals.refunds')}
              value={money(data.refunds_cents, data.currency, lang)}
              id="refunds"
            />
            <Stat
              label={t('billing:totals.subscriptions')}
              value={String(data.active_subscriptions)}
              id="subscriptions"
            />
            <Stat label={t('billing:totals.credits')} value={String(data.credits_purchased)} id="credits" />
          </div>
        )}
      </QueryState>
      <H4>{t('billing:byMonth')}</H4>
      <QueryState query={months}>
        {(rows) => (
          // Eight columns do not fit a phone: the table scrolls inside its box, not the page.
          <div className="billing-table-scroll" tabIndex={0} role="region" aria-label={t('billing:byMonth')}>
            <HTMLTable striped compact className={Classes.FILL}>
              <thead>
                <tr>
                  {(['month', 'revenue', 'refunds', 'purchased', 'granted', 'used', 'started', 'running'] as const).map(
                    (k) => (
                      <th key={k}>{t(`billing:months.${k}`)}</th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.month}>
                    <td>{m.month.slice(0, 7)}</td>
                    <td>{money(m.revenue_cents, totals.data?.currency ?? 'usd', lang)}</td>
                    <td>{money(m.refunds_cents, totals.data?.currency ?? 'usd', lang)}</td>
                    <td>{m.credits_purchased}</td>
                    <td>{m.credits_granted}</td>
                    <td>{m.credits_used}</td>
                    <td>{m.subscriptions_started}</td>
                    <td>{m.subscriptions_running}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </QueryState>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <H4>{t('billing:transactions')}</H4>
        <Button
          icon="download"
          text={t('billing:exportCsv')}
          loading={exporting}
          disabled={total === 0}
          onClick={() => void exportCsv()}
        />
      </div>
      <QueryState query={transactions}>
        {(rows) => (
          <>
            <DataTable
              columns={columns}
              data={rows}
              getRowId={(r) => r.id}
              // One server page at a time, in the server's order: a header sort would order this page only.
              enableSorting={false}
              empty={<p>{t('billing:noTransactions')}</p>}
            />
            <ButtonGroup>
              <Button
                icon="chevron-left"
                disabled={page === 0}
                onClick={() => setPage((p) => p - 1)}
                aria-label={t('billing:previous')}
              />
              <Button minimal text={t('billing:page', { page: page + 1, pages })} />
              <Button
                icon="chevron-right"
                disabled={page + 1 >= pages}
                onClick={() => setPage((p) => p + 1)}
                aria-label={t('billing:next')}
              />
            </ButtonGroup>
          </>
        )}
      </QueryState>
    </div>
  );
}

function Stat({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <Card>
      <p className={Classes.TEXT_MUTED}>{label}</p>
      <H4 data-stat={id}>{value}</H4>
    </Card>
  );
}
