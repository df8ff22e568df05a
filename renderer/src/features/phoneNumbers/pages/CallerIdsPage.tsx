import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useCallerIdMutations, useCallerIdsQuery } from '../api/resources.ts';
import { CallerIdDialog } from '../components/CallerIdDialog.tsx';
import { DeleteButton, TwilioResourcePage } from '../components/TwilioResourcePage.tsx';
import { formatInternational } from '../format.ts';

/** /twilio-numbers/caller-ids: the owner's Outgoing Caller IDs, verified or pending; add and delete. */
export function CallerIdsPage() {
  const { t } = useTranslation();
  const { add, remove } = useCallerIdMutations();
  return (
    <TwilioResourcePage
      section="callerIds"
      testId="caller-ids"
      emptyIcon="endorsed"
      useList={useCallerIdsQuery}
      removing={remove.isPending}
      remove={(c, callbacks) => remove.mutate(c.phoneNumber, callbacks)}
      deleteConfirm={(c) => t('numbers:callerIds.deleteConfirm', { number: formatInternational(c.phoneNumber) })}
      onAddStart={() => add.reset()}
      row={(c, askDelete) => (
        <tr key={c.phoneNumber} data-testid="caller-id-row">
          <td>{formatInternational(c.phoneNumber)}</td>
          <td>{c.friendlyName}</td>
          <td>
            <Tag intent={c.verified ? Intent.SUCCESS : Intent.WARNING} minimal>
              {t(c.verified ? 'numbers:callerIds.verified' : 'numbers:callerIds.pending')}
            </Tag>
          </td>
          <td>
            <DeleteButton section="callerIds" onClick={askDelete} />
          </td>
        </tr>
      )}
      dialog={(open, close) => (
        <CallerIdDialog
          isOpen={open}
          saving={add.isPending}
          validation={add.data ?? null}
          onClose={close}
          onSave={(input) => add.mutate(input, { onError: (error) => toastError(toAppError(error), t) })}
        />
      )}
    />
  );
}
