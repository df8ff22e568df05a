import { Button, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import type { AssignedNumber } from '../api/phone.ts';
import { DeployCard } from './DeployCard.tsx';

/**
 * The number assigned to the agent, read from the database. Buying and assigning come with the
 * phone-number issue, so the action says plainly it is not available yet.
 */
export function PhoneNumberCard({ assigned }: { assigned: AssignedNumber | null }) {
  const { t, i18n } = useTranslation();
  return (
    <DeployCard
      icon="phone"
      testId="deploy-phone"
      title={t('deploy:phone.title')}
      description={t('deploy:phone.description')}
      status={{
        label: t(assigned ? 'deploy:phone.statusAssigned' : 'deploy:phone.statusNone'),
        intent: assigned ? Intent.SUCCESS : Intent.NONE,
      }}
      footer={<Button icon="plus" disabled text={t('deploy:phone.getNumber')} />}
    >
      {assigned ? (
        <dl className="deploy-facts">
          <dt>{t('deploy:phone.assigned')}</dt>
          <dd data-testid="phone-assigned">{assigned.phoneNumber}</dd>
          <dt />
          <dd className={Classes.TEXT_MUTED}>
            {t('deploy:phone.assignedSince', { date: formatDate(assigned.assignedAt, i18n.language, 'date') })}
          </dd>
        </dl>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('deploy:phone.none')}</p>
      )}
      <p className={`deploy-not-available ${Classes.TEXT_SMALL}`}>{t('deploy:phone.notAvailable')}</p>
    </DeployCard>
  );
}
