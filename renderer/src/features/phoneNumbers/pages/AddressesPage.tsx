import { Alert, Button, Callout, Classes, H2, HTMLTable, Intent } from '@blueprintjs/core';
import type { Address } from '@contracts/phone-numbers.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { usePhoneStatusQuery } from '../api/numbers.ts';
import { useAddressMutations, useAddressesQuery } from '../api/resources.ts';
import { AddressDialog } from '../components/AddressDialog.tsx';
import '../numbers.css';

/** /twilio-numbers/addresses: the owner's Twilio addresses (Addresses API), add and delete. */
export function AddressesPage() {
  const { t } = useTranslation();
  const status = usePhoneStatusQuery();
  const configured = status.data?.configured === true;
  const addresses = useAddressesQuery(configured);
  const { add, remove } = useAddressMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const addButton = (
    <Button icon="plus" intent={Intent.PRIMARY} text={t('numbers:addresses.add')} onClick={() => setAdding(true)} />
  );
  return (
    <div className="numbers-page" data-testid="addresses">
      <div className="numbers-page-header">
        <H2>{t('numbers:addresses.title')}</H2>
        {configured && addButton}
      </div>
      <p className={Classes.TEXT_MUTED}>{t('numbers:addresses.intro')}</p>
      {status.data && !configured && (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {t('numbers:notConfigured')}
        </Callout>
      )}
      {configured && (
        <QueryState
          query={addresses}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon="map-marker" title={t('numbers:addresses.empty')} action={addButton} />}
        >
          {(list) => (
            <HTMLTable striped>
              <thead>
                <tr>
                  <th>{t('numbers:addresses.fields.customerName')}</th>
                  <th>{t('numbers:addresses.fields.street')}</th>
                  <th>{t('numbers:addresses.fields.city')}</th>
                  <th>{t('numbers:addresses.fields.postalCode')}</th>
                  <th>{t('numbers:addresses.fields.isoCountry')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {list.map((a) => (
                  <tr key={a.sid} data-testid="address-row">
                    <td>
                      {a.customerName}
                      {a.friendlyName && <div className={Classes.TEXT_MUTED}>{a.friendlyName}</div>}
                    </td>
                    <td>{a.street}</td>
                    <td>
                      {a.city}, {a.region}
                    </td>
                    <td>{a.postalCode}</td>
                    <td>{a.isoCountry}</td>
                    <td>
                      <Button
                        minimal
                        icon="trash"
                        intent={Intent.DANGER}
                        text={t('numbers:addresses.delete')}
                        onClick={() => setDeleting(a)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      )}
      <AddressDialog
        isOpen={adding}
        saving={add.isPending}
        onClose={() => setAdding(false)}
        onSave={(input) =>
          add.mutate(input, {
            onSuccess: () => {
              toastSuccess(t('numbers:addresses.added'));
              setAdding(false);
            },
            onError: (error) => toastError(toAppError(error), t),
          })
        }
      />
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('numbers:addresses.delete')}
        cancelButtonText={t('numbers:addresses.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.sid, {
            onSuccess: () => toastSuccess(t('numbers:addresses.deleted')),
            onError: (error) => toastError(toAppError(error), t),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {t('numbers:addresses.deleteConfirm', { name: deleting?.customerName ?? '' })}
      </Alert>
    </div>
  );
}
