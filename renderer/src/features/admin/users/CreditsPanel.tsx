import { Button, Callout, FormGroup, HTMLTable, NumericInput } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useAdjustCreditsMutation } from '../api/adjustCredits.ts';
import { useUserCreditsQuery } from '../api/userCredits.ts';
import { creditAdjustmentError } from './creditAdjustment.ts';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { CREDIT_REASON_MAX } from '@contracts/field-limits.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const ADJUSTMENT_PROBLEM_TEXT = {
  amountInvalid: 'admin:userDialog.amountInvalid',
  reasonRequired: 'admin:userDialog.reasonRequired',
  belowZero: 'admin:userDialog.belowZero',
} as const satisfies Record<NonNullable<ReturnType<typeof creditAdjustmentError>>, ConsoleKey>;

/** The user's balance, an adjustment form (a ledger entry with a reason) and their history. */
export function CreditsPanel({ userId, balance }: { userId: string; balance: number }) {
  const { t, i18n } = useTranslation();
  const history = useUserCreditsQuery(userId);
  const adjust = useAdjustCreditsMutation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState(balance);
  const problem = creditAdjustmentError(amount, reason, shown);

  const apply = () => {
    if (problem) return;
    adjust.mutate(
      { userId, amount: Number(amount), reason: reason.trim() },
      {
        onSuccess: (next) => {
          setShown(next);
          setAmount('');
          setReason('');
          toastSuccess(t('admin:userDialog.adjusted'));
        },
        onError: (error) => toastError(toAppError(error, 'updateUser'), t),
      },
    );
  };

  return (
    <div className="admin-credits-panel">
      <p>
        <strong data-testid="user-balance">{t('admin:userDialog.balance', { count: shown })}</strong>
      </p>
      <FormGroup label={t('admin:userDialog.amount')} labelFor="credit-amount">
        <NumericInput
          id="credit-amount"
          fill
          majorStepSize={10}
          value={amount}
          onValueChange={(_n, text) => setAmount(text)}
        />
      </FormGroup>
      <FormGroup label={t('admin:userDialog.reason')} labelFor="credit-reason">
        <LimitedInput
          id="credit-reason"
          value={reason}
          max={CREDIT_REASON_MAX}
          placeholder={t('admin:userDialog.reasonPlaceholder')}
          onValueChange={setReason}
        />
      </FormGroup>
      {problem && (amount !== '' || reason !== '') && (
        <Callout intent="warning" compact>
          {t(ADJUSTMENT_PROBLEM_TEXT[problem])}
        </Callout>
      )}
      <Button
        intent="primary"
        text={t('admin:userDialog.apply')}
        disabled={problem !== null}
        loading={adjust.isPending}
        onClick={apply}
      />
      <h4>{t('admin:userDialog.history')}</h4>
      <QueryState
        query={history}
        isEmpty={(rows) => rows.length === 0}
        empty={<p>{t('admin:userDialog.historyEmpty')}</p>}
      >
        {(rows) => (
          <HTMLTable compact striped className="admin-credit-history" aria-label={t('admin:userDialog.history')}>
            <thead>
              <tr>
                <th>{t('admin:userDialog.date')}</th>
                <th>{t('admin:userDialog.type')}</th>
                <th>{t('admin:users.columns.credits')}</th>
                <th>{t('admin:userDialog.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDate(row.created_at, i18n.language)}</td>
                  <td>{t(`credits:history.types.${row.type}`, { defaultValue: row.type })}</td>
                  <td>{row.amount > 0 ? `+${row.amount}` : row.amount}</td>
                  <td>{row.description}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
    </div>
  );
}
