import { Classes, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import type { ConnectorDelivery } from '../api/connectors.ts';

const STATUS_INTENT: Record<ConnectorDelivery['status'], Intent> = {
  delivered: Intent.SUCCESS,
  pending: Intent.WARNING,
  failed: Intent.DANGER,
  cancelled: Intent.NONE,
};

/** The last events sent to the connectors, with how each went. */
export function DeliveriesTable({ deliveries }: { deliveries: ConnectorDelivery[] }) {
  const { t, i18n } = useTranslation();
  return (
    <HTMLTable compact striped className="connector-deliveries" aria-label={t('connectors:deliveries.title')}>
      <thead>
        <tr>
          <th>{t('connectors:deliveries.when')}</th>
          <th>{t('connectors:deliveries.connector')}</th>
          <th>{t('connectors:deliveries.status')}</th>
          <th>{t('connectors:deliveries.answer')}</th>
          <th>{t('connectors:deliveries.attempts')}</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td>{formatDate(delivery.lastAttemptAt ?? delivery.createdAt, i18n.language)}</td>
            <td>{t(`connectors:${delivery.kind}.name`)}</td>
            <td>
              <Tag minimal intent={STATUS_INTENT[delivery.status]}>
                {t(`connectors:deliveries.statuses.${delivery.status}`)}
              </Tag>
            </td>
            {/* The server's wording (English) stays in the tooltip; the cell says it in the interface language. */}
            <td className={Classes.TEXT_MUTED} title={delivery.error ?? undefined}>
              {delivery.statusCode !== null
                ? `HTTP ${delivery.statusCode}`
                : delivery.status === 'cancelled'
                  ? t('connectors:deliveries.notSent')
                  : t('connectors:deliveries.noAnswer')}
            </td>
            <td>{delivery.attempts}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
