import { Classes, H4, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import {
  useConnectorsQuery,
  useDeliveriesQuery,
  useSigningSecretQuery,
  useWriteConnectorMutation,
} from '../api/connectors.ts';
import {
  CONNECTOR_KINDS,
  savedConnector,
  toggledConnector,
  type Connector,
  type ConnectorKind,
} from '../connectorModel.ts';
import { ConnectorCard } from './ConnectorCard.tsx';
import { ConnectorDialog } from './ConnectorDialog.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import './connectors.css';

/** The configure screen's connectors tab: Zapier and Make. */
export function ConnectorsTab({ agent }: { agent: { id: string; userId: string } }) {
  const { t } = useTranslation();
  const connectors = useConnectorsQuery(agent.id);
  const deliveries = useDeliveriesQuery(agent.id);
  const write = useWriteConnectorMutation(agent);
  const [editing, setEditing] = useState<ConnectorKind | null>(null);
  const secret = useSigningSecretQuery(agent.id, editing !== null);

  const apply = (next: Connector, success: string, after?: () => void) =>
    write.mutate(next, {
      onSuccess: () => {
        toastSuccess(success);
        after?.();
      },
      onError: (error) => toastError(toAppError(error, 'updateAgent'), t),
    });

  return (
    <div className="connectors-tab">
      <div>
        <H4>{t('connectors:title')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('connectors:intro')}</p>
      </div>
      <QueryState query={connectors} loading={<SkeletonLines count={4} />} errorTitle={t('connectors:loadFailed')}>
        {(list) => (
          <div className="connector-grid">
            {CONNECTOR_KINDS.map((kind) => {
              const connector = list[kind];
              const name = t(`connectors:${kind}.name`);
              return (
                <div key={kind}>
                  <ConnectorCard
                    connector={connector}
                    busy={write.isPending}
                    onConfigure={() => setEditing(kind)}
                    onToggle={(enabled) => {
                      // Nothing to send to yet: switching on asks for the URL first.
                      if (enabled && !connector.webhookUrl) {
                        setEditing(kind);
                        return;
                      }
                      apply(
                        toggledConnector(connector, enabled, new Date()),
                        t(enabled ? 'connectors:toasts.enabled' : 'connectors:toasts.disabled', { name }),
                      );
                    }}
                  />
                  <ConnectorDialog
                    connector={connector}
                    isOpen={editing === kind}
                    saving={write.isPending}
                    signingSecret={secret.data ?? null}
                    onClose={() => setEditing(null)}
                    onSave={(url) =>
                      apply(savedConnector(kind, url, new Date()), t('connectors:toasts.saved', { name }), () =>
                        setEditing(null),
                      )
                    }
                  />
                </div>
              );
            })}
          </div>
        )}
      </QueryState>
      <div>
        <H4>{t('connectors:deliveries.title')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('connectors:deliveries.intro')}</p>
      </div>
      <QueryState
        query={deliveries}
        errorTitle={t('connectors:deliveries.loadFailed')}
        isEmpty={(list) => list.length === 0}
        empty={<NonIdealState icon="send-message" title={t('connectors:deliveries.empty')} />}
      >
        {(list) => <DeliveriesTable deliveries={list} />}
      </QueryState>
    </div>
  );
}
