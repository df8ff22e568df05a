import { Alert, Button, Callout, Classes, H2, HTMLTable, Intent, type IconName } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import type { QueryLike } from '../../../components/queryView.ts';
import { toAppError } from '../../../errors/appError.ts';
import { usePhoneStatusQuery } from '../api/numbers.ts';
import '../numbers.css';

/** The two lists of the owner's Twilio resources under /twilio-numbers that are not numbers. */
type Section = 'addresses' | 'callerIds';

interface TwilioResourcePageProps<T> {
  section: Section;
  testId: string;
  emptyIcon: IconName;
  /** The list, fetched only once Twilio is known to be configured. */
  useList: (configured: boolean) => QueryLike<T[]>;
  removing: boolean;
  remove: (item: T, callbacks: { onSuccess: () => void; onError: (e: unknown) => void; onSettled: () => void }) => void;
  head?: ReactNode;
  row: (item: T, askDelete: () => void) => ReactNode;
  deleteConfirm: (item: T) => string;
  /** The add dialog; `open` is whether it shows, `close` hides it. */
  dialog: (open: boolean, close: () => void) => ReactNode;
  /** Called before the dialog opens (e.g. to forget the previous attempt). */
  onAddStart?: () => void;
}

/**
 * Addresses and Verified Caller IDs share one page shape: a title with Add, the "Twilio is not
 * configured" state, the list with its loading/empty/error states, an add dialog and a confirmed
 * delete. Only the columns and the dialog differ.
 */
export function TwilioResourcePage<T>(props: TwilioResourcePageProps<T>) {
  const { section, testId, emptyIcon, useList, removing, remove, head, row, deleteConfirm, dialog, onAddStart } = props;
  const { t } = useTranslation();
  const status = usePhoneStatusQuery();
  const configured = status.data?.configured === true;
  const list = useList(configured);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  const addButton = (
    <Button
      icon="plus"
      intent={Intent.PRIMARY}
      text={t(`numbers:${section}.add`)}
      onClick={() => {
        onAddStart?.();
        setAdding(true);
      }}
    />
  );
  return (
    <div className="numbers-page" data-testid={testId}>
      <div className="numbers-page-header">
        <H2>{t(`numbers:${section}.title`)}</H2>
        {configured && addButton}
      </div>
      <p className={Classes.TEXT_MUTED}>{t(`numbers:${section}.intro`)}</p>
      {status.data && !configured && (
        <Callout intent={Intent.WARNING} icon="warning-sign">
          {t('numbers:notConfigured')}
        </Callout>
      )}
      {configured && (
        <QueryState
          query={list}
          isEmpty={(items) => items.length === 0}
          empty={<EmptyState icon={emptyIcon} title={t(`numbers:${section}.empty`)} action={addButton} />}
        >
          {(items) => (
            <HTMLTable striped>
              {head}
              <tbody>{items.map((item) => row(item, () => setDeleting(item)))}</tbody>
            </HTMLTable>
          )}
        </QueryState>
      )}
      {dialog(adding, () => setAdding(false))}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t(`numbers:${section}.delete`)}
        cancelButtonText={t(`numbers:${section}.cancel`)}
        loading={removing}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting !== null &&
          remove(deleting, {
            onSuccess: () => toastSuccess(t(`numbers:${section}.deleted`)),
            onError: (error) => toastError(toAppError(error), t),
            onSettled: () => setDeleting(null),
          })
        }
      >
        {deleting !== null && deleteConfirm(deleting)}
      </Alert>
    </div>
  );
}

/** The row's delete button, worded per section. */
export function DeleteButton({ section, onClick }: { section: Section; onClick: () => void }) {
  const { t } = useTranslation();
  return <Button minimal icon="trash" intent={Intent.DANGER} text={t(`numbers:${section}.delete`)} onClick={onClick} />;
}
