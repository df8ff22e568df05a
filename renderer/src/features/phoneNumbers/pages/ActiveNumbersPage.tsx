import { Alert, Button, Callout, H2, HTMLSelect, Intent } from '@blueprintjs/core';
import { createColumnHelper } from '@tanstack/react-table';
import { NUMBER_COUNTRIES_SHORT } from '@contracts/phone.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { formatDate } from '../../../lib/dates.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import {
  useAssignNumberMutation,
  useMyAgentsQuery,
  useMyNumbersQuery,
  useReleaseNumberMutation,
  type OwnedNumber,
} from '../api/numbers.ts';
import { BuyNumberDialog } from '../components/BuyNumberDialog.tsx';
import { NumberLabel } from '../components/NumberLabel.tsx';
import { formatInternational } from '../format.ts';
import { useBuyBlockedReason } from '../useBuyBlockedReason.ts';
import '../numbers.css';
import { errorText } from '../../../errors/errorText.ts';

/** The number's current agent, shown while the agent list is not there (loading or failed). */
const currentAgent = (n: OwnedNumber): { id: string; name: string }[] =>
  n.agentId ? [{ id: n.agentId, name: n.agentName ?? '' }] : [];

/**
 * /twilio-numbers/active: the owner's numbers with the date added and the agent each
 * answers for (assignable to any of their agents), release with confirmation, and Buy Number.
 */
export function ActiveNumbersPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const numbers = useMyNumbersQuery(userId);
  const agents = useMyAgentsQuery(userId);
  const assign = useAssignNumberMutation();
  const release = useReleaseNumberMutation();
  const blocked = useBuyBlockedReason();
  const [buying, setBuying] = useState(false);
  const [releasing, setReleasing] = useState<OwnedNumber | null>(null);
  const lang = i18n.language;
  const agentsLoaded = agents.isSuccess;
  const agentsError = agents.isError ? toAppError(agents.error) : null;

  const columns = useMemo(() => {
    const col = createColumnHelper<OwnedNumber>();
    return [
      col.accessor('phoneNumber', {
        header: t('numbers:active.columns.number'),
        cell: (c) => <NumberLabel phoneNumber={c.getValue()} countryCode={c.row.original.countryCode} />,
      }),
      col.accessor('addedAt', {
        header: t('numbers:active.columns.addedAt'),
        cell: (c) => formatDate(c.getValue(), lang, 'date'),
      }),
      col.accessor('agentId', {
        header: t('numbers:active.columns.agent'),
        cell: (c) => (
          <HTMLSelect
            aria-label={t('numbers:active.agentFor', { number: c.row.original.phoneNumber })}
            value={c.getValue() ?? ''}
            // Without the agent list the menu would only offer 'Not assigned': assigning waits for it.
            disabled={assign.isPending || !agentsLoaded}
            onChange={(event) => {
              const agentId = event.currentTarget.value || null;
              assign.mutate(
                { phoneNumberId: c.row.original.id, agentId },
                {
                  onSuccess: () => toastSuccess(t(agentId ? 'numbers:active.assigned' : 'numbers:active.unassigned')),
                  onError: (error) => toastError(toAppError(error), t),
                },
              );
            }}
          >
            <option value="">{t('numbers:active.notAssigned')}</option>
            {(agentsLoaded ? (agents.data ?? []) : currentAgent(c.row.original)).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </HTMLSelect>
        ),
      }),
      col.display({
        id: 'actions',
        header: t('numbers:active.columns.actions'),
        cell: (c) => (
          <Button
            minimal
            intent={Intent.DANGER}
            icon="trash"
            text={t('numbers:active.release')}
            onClick={() => setReleasing(c.row.original)}
          />
        ),
      }),
    ];
  }, [t, lang, agents.data, agentsLoaded, assign]);

  return (
    <div className="numbers-page" data-testid="active-numbers">
      <div className="numbers-page-header">
        <H2>{t('numbers:active.title')}</H2>
        <Button
          intent={Intent.PRIMARY}
          icon="plus"
          text={t('numbers:active.buy')}
          disabled={blocked !== null}
          onClick={() => setBuying(true)}
        />
      </div>
      {blocked && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="numbers-blocked">
          {blocked}
        </Callout>
      )}
      {agentsError && (
        <Callout intent={Intent.DANGER} icon="error" data-testid="numbers-agents-error">
          <p>{t('numbers:active.agentsError')}</p>
          <p>{errorText(t, agentsError)}</p>
          <Button icon="refresh" text={t('common:queryState.retry')} onClick={() => void agents.refetch()} />
        </Callout>
      )}
      <QueryState query={numbers}>
        {(rows) => (
          <DataTable columns={columns} data={rows} getRowId={(r) => r.id} empty={<p>{t('numbers:active.empty')}</p>} />
        )}
      </QueryState>
      <BuyNumberDialog
        isOpen={buying}
        onClose={() => setBuying(false)}
        countries={NUMBER_COUNTRIES_SHORT}
        blockedReason={blocked}
      />
      <Alert
        isOpen={releasing !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('numbers:active.release')}
        cancelButtonText={t('numbers:active.cancel')}
        loading={release.isPending}
        onCancel={() => setReleasing(null)}
        onConfirm={() => {
          if (!releasing) return;
          release.mutate(releasing.id, {
            onSuccess: () => toastSuccess(t('numbers:active.released')),
            onError: (error) => toastError(toAppError(error), t),
            onSettled: () => setReleasing(null),
          });
        }}
      >
        <p>
          <strong>{t('numbers:active.releaseTitle')}</strong>
        </p>
        <p>
          {t('numbers:active.releaseConfirm', { number: releasing ? formatInternational(releasing.phoneNumber) : '' })}
        </p>
      </Alert>
    </div>
  );
}
