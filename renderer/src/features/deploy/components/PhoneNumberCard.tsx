import { Alert, Button, Classes, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { formatDate } from '../../../lib/dates.ts';
import { usePhoneStatusQuery, useReleaseNumberMutation } from '../../phoneNumbers/api/numbers.ts';
import { formatInternational } from '../../phoneNumbers/format.ts';
import { NumberLabel } from '../../phoneNumbers/components/NumberLabel.tsx';
import type { AssignedNumber } from '../api/phone.ts';
import { DeployCard } from './DeployCard.tsx';
import { GetNumberDialog } from './GetNumberDialog.tsx';
import { PhoneSettingsDialog } from './PhoneSettingsDialog.tsx';

/**
 * The agent's phone number: get one (an unassigned number of the owner, or buy a
 * new one), configure how calls are answered, release it. Without Twilio on the server the card
 * says so instead of offering a purchase.
 */
export function PhoneNumberCard({ agentId, assigned }: { agentId: string; assigned: AssignedNumber | null }) {
  const { t, i18n } = useTranslation();
  const status = usePhoneStatusQuery();
  const release = useReleaseNumberMutation();
  const [dialog, setDialog] = useState<'get' | 'settings' | 'release' | null>(null);
  const configured = status.data?.configured === true;
  const footer = assigned ? (
    <>
      <Button icon="cog" text={t('deploy:phone.configure')} onClick={() => setDialog('settings')} />
      <Button
        icon="trash"
        intent={Intent.DANGER}
        minimal
        text={t('deploy:phone.release')}
        disabled={!configured}
        onClick={() => setDialog('release')}
      />
    </>
  ) : (
    <Button
      icon="plus"
      intent={Intent.PRIMARY}
      disabled={!configured}
      data-testid="phone-get-number"
      text={t('deploy:phone.getNumber')}
      onClick={() => setDialog('get')}
    />
  );
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
      footer={footer}
    >
      {assigned ? (
        <dl className="deploy-facts">
          <dt>{t('deploy:phone.assigned')}</dt>
          <dd data-testid="phone-assigned">
            <NumberLabel phoneNumber={assigned.phoneNumber} countryCode={assigned.countryCode} />
          </dd>
          <dt />
          <dd className={Classes.TEXT_MUTED}>
            {t('deploy:phone.assignedSince', { date: formatDate(assigned.assignedAt, i18n.language, 'date') })}
          </dd>
        </dl>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('deploy:phone.none')}</p>
      )}
      {status.data && !configured && (
        <p className={`deploy-not-available ${Classes.TEXT_SMALL}`}>{t('deploy:phone.notConfigured')}</p>
      )}
      <GetNumberDialog agentId={agentId} isOpen={dialog === 'get'} onClose={() => setDialog(null)} />
      <PhoneSettingsDialog
        agentId={agentId}
        isOpen={dialog === 'settings'}
        defaultMode={status.data?.defaultVoiceMode ?? 'any_model'}
        onClose={() => setDialog(null)}
      />
      <Alert
        isOpen={dialog === 'release' && assigned !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('deploy:phone.release')}
        cancelButtonText={t('deploy:phone.cancel')}
        loading={release.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          assigned &&
          release.mutate(assigned.id, {
            onSuccess: () => toastSuccess(t('deploy:phone.released')),
            onError: (error) => toastError(toAppError(error), t),
            onSettled: () => setDialog(null),
          })
        }
      >
        {t('deploy:phone.releaseConfirm', { number: assigned ? formatInternational(assigned.phoneNumber) : '' })}
      </Alert>
    </DeployCard>
  );
}
