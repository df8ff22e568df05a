import { Button, ButtonGroup, Callout, Classes, H2, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useDebouncedValue } from '../../../components/useDebouncedValue.ts';
import { formatDate } from '../../../lib/dates.ts';
import { NUMBERS_PAGE_SIZE, usePhoneNumbersQuery, type AdminPhoneNumber } from '../api/phoneNumbers.ts';
import { usePhoneStatusQuery } from '../../phoneNumbers/api/numbers.ts';
import { BuyForUserDialog } from '../numbers/BuyForUserDialog.tsx';
import { countryFlag } from '../numbers/countryFlag.ts';

/**
 * /admin/numbers: every phone number with its owner and agent,
 * and Buy Number for a user (disabled, with the reason, when Twilio is not configured).
 */
export function AdminNumbersPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const query = usePhoneNumbersQuery(settled, page);
  const status = usePhoneStatusQuery();
  const notConfigured = status.data?.configured === false;
  const [buying, setBuying] = useState(false);
  const lang = i18n.language;

  const columns = useMemo(() => {
    const col = createColumnHelper<AdminPhoneNumber>();
    return [
      col.accessor('phone_number', {
        header: t('admin:numbers.columns.number'),
        cell: (c) => `${countryFlag(c.row.original.country_code)} ${c.getValue()}`.trim(),
      }),
      col.accessor('locality', { header: t('admin:numbers.columns.locality'), cell: (c) => c.getValue() ?? '—' }),
      col.accessor('owner_email', {
        header: t('admin:numbers.columns.owner'),
        cell: (c) =>
          c.row.original.owner_id ? (
            <span>
              {c.row.original.owner_name} <span className={Classes.TEXT_MUTED}>{c.getValue()}</span>
            </span>
          ) : (
            <Tag minimal>{t('admin:numbers.pool')}</Tag>
          ),
      }),
      col.accessor('agent_name', {
        header: t('admin:numbers.columns.agent'),
        cell: (c) => c.getValue() ?? <span className={Classes.TEXT_MUTED}>{t('admin:numbers.notAssigned')}</span>,
      }),
      col.accessor('added_at', {
        header: t('admin:numbers.columns.addedAt'),
        cell: (c) => formatDate(c.getValue(), lang, 'date'),
      }),
    ];
  }, [t, lang]);

  const total = query.data?.[0]?.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / NUMBERS_PAGE_SIZE));
  return (
    <div className="admin-numbers-page" style={{ padding: 24, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <H2>{t('admin:numbers.title')}</H2>
        <Button
          icon="plus"
          intent={Intent.PRIMARY}
          text={t('admin:numbers.buy')}
          disabled={status.data?.configured !== true}
          data-testid="admin-buy-number"
          onClick={() => setBuying(true)}
        />
      </div>
      {notConfigured && (
        <Callout intent={Intent.PRIMARY} icon="info-sign">
          {t('admin:numbers.buyUnavailable')}
        </Callout>
      )}
      <BuyForUserDialog
        isOpen={buying}
        onClose={() => setBuying(false)}
        blockedReason={notConfigured ? t('admin:numbers.buyUnavailable') : null}
      />
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder={t('admin:numbers.search')}
        aria-label={t('admin:numbers.search')}
        value={search}
        onValueChange={(value) => {
          setSearch(value);
          setPage(0);
        }}
      />
      <QueryState query={query}>
        {(rows) => (
          <>
            <DataTable
              columns={columns}
              data={rows}
              getRowId={(r) => r.id}
              // The server pages the list: sorting one page in the browser would mislead.
              enableSorting={false}
              empty={<p>{t(settled ? 'admin:numbers.noMatch' : 'admin:numbers.empty')}</p>}
            />
            {pages > 1 && (
              <ButtonGroup>
                <Button
                  icon="chevron-left"
                  disabled={page === 0}
                  onClick={() => setPage((p) => p - 1)}
                  aria-label={t('admin:numbers.previous')}
                />
                <Button minimal text={t('admin:numbers.page', { page: page + 1, pages })} />
                <Button
                  icon="chevron-right"
                  disabled={page + 1 >= pages}
                  onClick={() => setPage((p) => p + 1)}
                  aria-label={t('admin:numbers.next')}
                />
              </ButtonGroup>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
