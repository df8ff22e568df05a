import { Card, Classes, H5, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import type { QueryLike } from '../../../components/queryView.ts';
import type { WhatsAppUsage } from '../api/getWhatsAppUsage.ts';

/** The block with its query's states: a skeleton while loading, the error with a retry. */
export function WhatsAppUsageBlock({ query }: { query: QueryLike<WhatsAppUsage> }) {
  const { t } = useTranslation();
  return (
    <QueryState query={query} errorTitle={t('credits:whatsapp.loadError')} loading={<SkeletonLines count={3} />}>
      {(usage) => <WhatsAppUsageCard usage={usage} />}
    </QueryState>
  );
}

/**
 * This month's WhatsApp conversations against the pack, messages sent and their cost as metered
 *. A pack with no WhatsApp conversations (0) hides the block.
 */
export function WhatsAppUsageCard({ usage }: { usage: WhatsAppUsage }) {
  const { t, i18n } = useTranslation();
  if (usage.conversationsIncluded === 0) return null;
  const number = new Intl.NumberFormat(i18n.language === 'fr' ? 'fr-FR' : 'en-US');
  const count = (key: 'credits:whatsapp.tokens' | 'credits:whatsapp.speech', value: number) =>
    t(key, { count: value, formatted: number.format(value) });
  return (
    <Card className="credits-card" data-testid="whatsapp-usage">
      <H5>{t('credits:whatsapp.title')}</H5>
      <HTMLTable compact className="credits-usage-table">
        <tbody>
          <tr>
            <th scope="row">{t('credits:whatsapp.conversations')}</th>
            <td data-testid="whatsapp-usage-conversations">
              {usage.conversationsIncluded === -1
                ? t('credits:whatsapp.conversationsUnlimited', { used: number.format(usage.conversationsUsed) })
                : t('credits:whatsapp.conversationsOf', {
                    used: number.format(usage.conversationsUsed),
                    included: number.format(usage.conversationsIncluded),
                  })}
            </td>
          </tr>
          <tr>
            <th scope="row">{t('credits:whatsapp.messagesSent')}</th>
            <td data-testid="whatsapp-usage-messages">{number.format(usage.messagesSent)}</td>
          </tr>
          <tr>
            <th scope="row">{t('credits:whatsapp.cost')}</th>
            <td data-testid="whatsapp-usage-cost">
              {count('credits:whatsapp.tokens', usage.tokens)}
              {usage.speechCharacters > 0 && (
                <>
                  <br />
                  {count('credits:whatsapp.speech', usage.speechCharacters)}
                </>
              )}
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      <p className={Classes.TEXT_MUTED}>{t('credits:whatsapp.noCredits')}</p>
    </Card>
  );
}
