import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useAddressMutations, useAddressesQuery } from '../api/resources.ts';
import { AddressDialog } from '../components/AddressDialog.tsx';
import { DeleteButton, TwilioResourcePage } from '../components/TwilioResourcePage.tsx';

/** /twilio-numbers/addresses: the owner's Twilio addresses (Addresses API), add and delete. */
export function AddressesPage() {
  const { t } = useTranslation();
  const { add, remove } = useAddressMutations();
  return (
    <TwilioResourcePage
      section="addresses"
      testId="addresses"
      emptyIcon="map-marker"
      useList={useAddressesQuery}
      removing={remove.isPending}
      remove={(a, callbacks) => remove.mutate(a.sid, callbacks)}
      deleteConfirm={(a) => t('numbers:addresses.deleteConfirm', { name: a.customerName })}
      head={
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
      }
      row={(a, askDelete) => (
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
            <DeleteButton section="addresses" onClick={askDelete} />
          </td>
        </tr>
      )}
      dialog={(open, close) => (
        <AddressDialog
          isOpen={open}
          saving={add.isPending}
          onClose={close}
          onSave={(input) =>
            add.mutate(input, {
              onSuccess: () => {
                toastSuccess(t('numbers:addresses.added'));
                close();
              },
              onError: (error) => toastError(toAppError(error), t),
            })
          }
        />
      )}
    />
  );
}
