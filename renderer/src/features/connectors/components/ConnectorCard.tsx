import { Button, Card, Classes, H5, Intent, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates.ts';
import type { Connector } from '../connectorModel.ts';

export interface ConnectorCardProps {
  connector: Connector;
  busy: boolean;
  onConfigure: () => void;
  onToggle: (enabled: boolean) => void;
}

/** One automation platform: what it does, its state, the toggle and the configure button. */
export function ConnectorCard({ connector, busy, onConfigure, onToggle }: ConnectorCardProps) {
  const { t, i18n } = useTranslation();
  const name = t(`connectors:${connector.kind}.name`);
  return (
    <Card className="connector-card" aria-label={name} data-connector={connector.kind}>
      <div className="connector-card-head">
        <span className={`connector-logo connector-logo-${connector.kind}`} aria-hidden="true">
          {name.charAt(0)}
        </span>
        <div className="connector-card-title">
          <H5>{name}</H5>
          <p className={Classes.TEXT_MUTED}>{t(`connectors:${connector.kind}.description`)}</p>
        </div>
        <Tag minimal intent={connector.enabled ? Intent.SUCCESS : Intent.NONE}>
          {connector.enabled ? t('connectors:card.enabled') : t('connectors:card.disabled')}
        </Tag>
      </div>
      {connector.webhookUrl ? (
        <p className={`connector-card-url ${Classes.TEXT_MUTED}`}>{connector.webhookUrl}</p>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('connectors:card.noUrl')}</p>
      )}
      {connector.enabled && connector.connectedAt && (
        <p className={Classes.TEXT_SMALL}>
          {t('connectors:card.connectedSince', { date: formatDate(connector.connectedAt, i18n.language) })}
        </p>
      )}
      <div className="connector-card-actions">
        <Switch
          className="connector-switch"
          checked={connector.enabled}
          disabled={busy}
          label={t('connectors:card.toggle', { name })}
          onChange={(event) => onToggle(event.currentTarget.checked)}
        />
        <Button icon="cog" text={t('connectors:card.configure')} onClick={onConfigure} disabled={busy} />
      </div>
    </Card>
  );
}
