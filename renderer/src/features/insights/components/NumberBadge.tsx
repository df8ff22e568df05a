import { Button, Classes, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NUMBER_COUNTRIES_SHORT } from '@contracts/phone.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useAssignedNumberQuery } from '../../deploy/api/phone.ts';
import { BuyNumberDialog } from '../../phoneNumbers/components/BuyNumberDialog.tsx';
import { useBuyBlockedReason } from '../../phoneNumbers/useBuyBlockedReason.ts';
import { useAssignReservedNumberMutation, useReservedNumbersQuery } from '../api/reservedNumbers.ts';

/**
 * The agent's phone number: loading, assigned, or none; with none, one of the
 * owner's unassigned numbers can be assigned here, else the buy-number dialog (the dashboard's
 * countries) buys one for this agent.
 */
export function NumberBadge({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const assigned = useAssignedNumberQuery(agentId);
  const reserved = useReservedNumbersQuery(user?.id, assigned.data === null);
  const assign = useAssignReservedNumberMutation(agentId, user?.id);
  const blocked = useBuyBlockedReason();
  const [buying, setBuying] = useState(false);
  if (assigned.isPending) {
    return (
      <Tag minimal className={Classes.SKELETON} data-testid="number-badge-loading">
        {t('insights:number.loading')}
      </Tag>
    );
  }
  if (assigned.data) {
    return (
      <Tag large icon="phone" intent={Intent.SUCCESS} data-testid="number-badge">
        {t('insights:number.assigned', { number: assigned.data.phoneNumber })}
      </Tag>
    );
  }
  const first = reserved.data?.[0];
  return (
    <span className="insights-toolbar" data-testid="number-badge-none">
      <Tag large minimal icon="phone">
        {t('insights:number.none')}
      </Tag>
      {first ? (
        <Button
          small
          intent={Intent.PRIMARY}
          loading={assign.isPending}
          text={t('insights:number.assign', { number: first.phoneNumber })}
          onClick={() => assign.mutate(first.id)}
        />
      ) : (
        <Button
          small
          icon="shopping-cart"
          text={t('insights:number.buy')}
          data-testid="number-badge-buy"
          onClick={() => setBuying(true)}
        />
      )}
      {assign.isError && <span className={Classes.TEXT_MUTED}>{t('insights:number.assignFailed')}</span>}
      <BuyNumberDialog
        isOpen={buying}
        onClose={() => setBuying(false)}
        countries={NUMBER_COUNTRIES_SHORT}
        agentId={agentId}
        blockedReason={blocked}
      />
    </span>
  );
}
