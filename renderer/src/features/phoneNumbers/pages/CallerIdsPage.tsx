import { Alert, Button, Callout, Classes, H2, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { usePhoneStatusQuery } from '../api/numbers.ts';
import { useCallerIdMutations, useCallerIdsQuery } from '../api/resources.ts';
import { CallerIdDialog } from '../components/CallerIdDialog.tsx';
import { formatInternational } from '../format.ts';
import '../numbers.css';

/** /twilio-numbers/caller-ids: the owner's Outgoing Caller IDs, verified or pending; add and delete. */
export function CallerIdsPage() {
  const { t } = useTranslation();
  const status = usePhoneStatusQuery();
  const configured = status.data?.configured === true;
  const callerIds = useCallerIdsQuery(configured);
  const { add, remove } = useCallerIdMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const addButton = (
    <Button
      icon="plus"
      intent={Intent.PRIMARY}
      text={t('numbers:callerIds.add')}
      onClick={() => {
        add.reset();
        setAdding(true);
      }}
    />
  );
  return (
    <div className="numbers-page" data-testid="caller-ids">
      <div className="numbers-page-header">
        <H2>{t('numbers:callerIds.title')}</H2>
        {configured && addButton}
      </div>
      <p className={Classes.TEXT_MUTED}>{t('numbers:callerIds.intro')}</p>
      {status.data && !configured && (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {t('numbers:notConfigured')}
        </Callout>
      )}
      {configured && (
        <QueryState
          query={callerIds}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon="endorsed" title={t('numbers:callerIds.empty')} action={addButton} />}
        >
          {(list) => (
            <HTMLTable striped>
              <tbody>
                {list.map((c) => (
                  <tr key={c.phoneNumber} data-testid="caller-id-row">
                    <td>{formatInternational(c.phoneNumber)}</td>
                    <td>{c.friendlyName}</td>
                    <td>
                      <Tag intent={c.verified ? Intent.SUCCESS : Intent.WARNING} minimal>
                        {t(c.verified ? 'numbers:callerIds.verified' : 'numbers:callerIds.pending')}
                      </Tag>
                    </td>
                    <td>
                      <Button
                        minimal
                        icon="trash"
                        intent={Intent.DANGER}
                        text={t('numbers:callerIds.delete')}
                        onClick={() => setDeleting(c.phoneNumber)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryState>
      )}
      <CallerIdDialog
        isOpen={adding}
        saving={add.isPending}
        validation={add.data ?? null}
        onClose={() => setAdding(false)}
        onSave={(input) => add.mutate(input, { onError: (error) => toastError(toAppError(error), t) })}
      />
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('numbers:callerIds.delete')}
        cancelButtonText={t('numbers:callerIds.cancel')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => toastSuccess(t('numbers:callerIds.deleted')),
            onError: (error) => toastError(toAppError(error), t),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {t('numbers:callerIds.deleteConfirm', { number: deleting ? formatInternational(deleting) : '' })}
      </Alert>
    </div>
  );
}
