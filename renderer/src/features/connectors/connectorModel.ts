/**
 * Connector rules: a Zapier or Make connector is a webhook URL plus an
 * enabled flag with connected/disconnected times. Save needs a URL; the URL must be https and one
 * the database stores (contracts/integrations.ts); the form also asks for a public host name.
 */
import { CONNECTOR_KINDS, isStorableWebhookUrl, type ConnectorKind } from '@contracts/integrations.ts';

export { CONNECTOR_KINDS, type ConnectorKind };

export interface Connector {
  kind: ConnectorKind;
  enabled: boolean;
  webhookUrl: string;
  connectedAt: string | null;
  disconnectedAt: string | null;
}

export type WebhookUrlProblem = 'empty' | 'invalid' | 'notHttps' | null;

export function webhookUrlProblem(raw: string): WebhookUrlProblem {
  const value = raw.trim();
  if (!value) return 'empty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:') return 'notHttps';
  if (!url.hostname.includes('.') || url.username || url.password || !isStorableWebhookUrl(value)) return 'invalid';
  return null;
}

/** Saving a configuration enables the connector and keeps it connected from now. */
export function savedConnector(kind: ConnectorKind, webhookUrl: string, now: Date): Connector {
  return {
    kind,
    enabled: true,
    webhookUrl: webhookUrl.trim(),
    connectedAt: now.toISOString(),
    disconnectedAt: null,
  };
}

/** Toggle on: enabled, connectedAt set, disconnectedAt cleared; off: the reverse. The URL is kept. */
export function toggledConnector(connector: Connector, enabled: boolean, now: Date): Connector {
  return enabled
    ? { ...connector, enabled: true, connectedAt: now.toISOString(), disconnectedAt: null }
    : { ...connector, enabled: false, connectedAt: null, disconnectedAt: now.toISOString() };
}

export function emptyConnector(kind: ConnectorKind): Connector {
  return { kind, enabled: false, webhookUrl: '', connectedAt: null, disconnectedAt: null };
}
