/**
 * `agent_integrations.config` ("integrations"): one row per kind, the kind's public
 * state in `config`; tokens and keys live in `agent_secrets`, never here. One definition for the
 * console's deploy page and connectors tab, and the functions that read or write a kind's state
 * (google-calendar, connector-dispatch, whatsapp-senders: its state is contracts/whatsapp.ts').
 *
 * - `integrationConfigSchema(kind)`: what Postgres accepts for a write (the column's check: an
 *   object without secret keys; agent_integrations_connector_webhook_url for zapier/make);
 *   tests/integration/contracts/integrations.test.ts runs one table of cases through both.
 * - `readIntegrationConfig(kind, raw)`: a stored value read for use, lenient per field (a value of
 *   the wrong type reads as absent).
 */
import { z } from 'zod';

export const INTEGRATION_KINDS = [
  'virtual_business_card',
  'web_widget',
  'google_calendar',
  'whatsapp_business',
  'zapier',
  'make',
] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** The kinds that deliver finished conversations to the owner's webhook. */
export const CONNECTOR_KINDS = ['zapier', 'make'] as const satisfies readonly IntegrationKind[];
export type ConnectorKind = (typeof CONNECTOR_KINDS)[number];

/** Keys a config may never carry: a browser reads this column (the check on the column refuses them). */
export const SECRET_CONFIG_KEYS = [
  'access_token',
  'refresh_token',
  'auth_token',
  'accessToken',
  'refreshToken',
  'authToken',
  'account_sid',
  'accountSid',
] as const;

export const WEBHOOK_URL_MAX = 2048;
// ASCII white space: what Postgres' \s means in these patterns.
const HTTPS_WEBHOOK = /^https:\/\/[^ \t\n\r\f\v/?#]+[^ \t\n\r\f\v]*$/;
// Loopback http for local receivers; the dispatcher refuses it unless the local stack allows it.
const LOOPBACK_WEBHOOK = /^http:\/\/(127\.0\.0\.1|localhost)(:[0-9]+)?(\/[^ \t\n\r\f\v]*)?$/;

/** A connector URL Postgres stores: https, or loopback http, at most 2048 characters. */
export function isStorableWebhookUrl(url: string): boolean {
  return Array.from(url).length <= WEBHOOK_URL_MAX && (HTTPS_WEBHOOK.test(url) || LOOPBACK_WEBHOOK.test(url));
}

export function isConnectorKind(kind: string): kind is ConnectorKind {
  return (CONNECTOR_KINDS as readonly string[]).includes(kind);
}

const withoutSecrets = z
  .record(z.string(), z.unknown())
  .refine((config) => SECRET_CONFIG_KEYS.every((key) => !(key in config)), {
    error: 'secrets belong in agent_secrets',
  });

// An empty or null URL is a connector not configured yet.
const connectorWrite = z
  .object({
    webhook_url: z
      .string()
      .refine((url) => url === '' || isStorableWebhookUrl(url))
      .nullish(),
  })
  .loose();

/** What Postgres accepts as the config of an integration of `kind`. */
export function integrationConfigSchema(kind: IntegrationKind) {
  return isConnectorKind(kind) ? withoutSecrets.pipe(connectorWrite) : withoutSecrets;
}

// ---- what a page or a function reads ----------------------------------------------------------

const text = z.string().nullable().catch(null);

export const integrationConfigReaders = {
  virtual_business_card: z.object({}),
  web_widget: z.object({ domain: text, api_key: text, script_url: text }),
  google_calendar: z.object({ calendar_id: text }),
  whatsapp_business: z.object({
    sender_id: text,
    phone_number: text,
    waba_id: text,
    /** Sender status as the provider reports it (creating, online, offline, error, …). */
    status: text,
    last_status_check: text,
    quality_rating: text,
    messaging_limits: text,
    /** pending, active (ONLINE) or rejected (OFFLINE/ERROR): contracts/whatsapp.ts. */
    business_info: z.object({ status: text, display_name: text }).nullable().catch(null),
    offline_reasons: z.array(z.object({ code: text, message: z.string().catch('') })).catch([]),
  }),
  zapier: z.object({ webhook_url: z.string().catch('') }),
  make: z.object({ webhook_url: z.string().catch('') }),
} as const satisfies Record<IntegrationKind, z.ZodType>;
export type IntegrationConfig<K extends IntegrationKind> = z.output<(typeof integrationConfigReaders)[K]>;

/** A stored config (any jsonb) of `kind`: fields of the wrong type read as absent. */
export function readIntegrationConfig<K extends IntegrationKind>(kind: K, raw: unknown): IntegrationConfig<K> {
  const bag = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  return integrationConfigReaders[kind].parse(bag) as IntegrationConfig<K>;
}
