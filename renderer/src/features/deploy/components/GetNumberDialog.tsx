import { Button, Classes, Dialog, DialogBody, DialogFooter, H5, Intent } from '@blueprintjs/core';
import { NUMBER_COUNTRIES_DEPLOY } from '@contracts/phone.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useAssignNumberMutation, useMyNumbersQuery } from '../../phoneNumbers/api/numbers.ts';
import { BuyNumberDialog } from '../../phoneNumbers/components/BuyNumberDialog.tsx';
import { NumberLabel } from '../../phoneNumbers/components/NumberLabel.tsx';
import { useBuyBlockedReason } from '../../phoneNumbers/useBuyBlockedReason.ts';

/**
 * Deploy's "Get a number": one of the owner's unassigned numbers, or a new one
 * bought for this agent (the 12-country grid); either way the card updates and the dialog closes.
 */
export function GetNumberDialog({
  agentId,
  isOpen,
  onClose,
}: {
  agentId: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const numbers = useMyNumbersQuery(user?.id ?? '');
  const assign = useAssignNumberMutation();
  const blocked = useBuyBlockedReason();
  const [buying, setBuying] = useState(false);
  return (
    <>
      <Dialog
        isOpen={isOpen && !buying}
        onClose={onClose}
        title={t('deploy:phone.getTitle')}
        data-testid="get-number-dialog"
      >
        <DialogBody>
          <H5>{t('deploy:phone.existing')}</H5>
          <QueryState query={numbers}>
            {(list) => {
              const free = list.filter((n) => n.agentId === null);
              if (free.length === 0) return <p className={Classes.TEXT_MUTED}>{t('deploy:phone.existingNone')}</p>;
              return (
                <ul className="deploy-number-choices">
                  {free.map((n) => (
                    <li key={n.id}>
                      <NumberLabel phoneNumber={n.phoneNumber} countryCode={n.countryCode} />
                      <Button
                        small
                        text={t('deploy:phone.use')}
                        loading={assign.isPending && assign.variables.phoneNumberId === n.id}
                        onClick={() =>
                          assign.mutate(
                            { phoneNumberId: n.id, agentId },
                            {
                              onSuccess: () => {
                                toastSuccess(t('deploy:phone.assignedToast'));
                                onClose();
                              },
                              onError: (error) => toastError(toAppError(error), t),
                            },
                          )
                        }
                      />
                    </li>
                  ))}
                </ul>
              );
            }}
          </QueryState>
          <H5>{t('deploy:phone.buyNew')}</H5>
          <Button
            icon="shopping-cart"
            intent={Intent.PRIMARY}
            text={t('deploy:phone.buyNew')}
            disabled={blocked !== null}
            data-testid="phone-buy-new"
            onClick={() => setBuying(true)}
          />
          {blocked && <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{blocked}</p>}
        </DialogBody>
        <DialogFooter actions={<Button text={t('deploy:phone.close')} onClick={onClose} />} />
      </Dialog>
      <BuyNumberDialog
        isOpen={isOpen && buying}
        onClose={() => {
          setBuying(false);
          onClose();
        }}
        countries={NUMBER_COUNTRIES_DEPLOY}
        agentId={agentId}
        blockedReason={blocked}
      />
    </>
  );
}
