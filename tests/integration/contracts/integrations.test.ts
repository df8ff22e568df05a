import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INTEGRATION_KINDS,
  SECRET_CONFIG_KEYS,
  integrationConfigSchema,
  readIntegrationConfig,
  type IntegrationKind,
} from '@contracts/integrations.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * agent_integrations.config (supabase/functions/_shared/contracts/integrations.ts) and the SQL
 * that checks it agree on one table of cases: the column check (an object without secret keys),
 * agent_integrations_connector_webhook_url and the kind list.
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
let db: PGlite;
let agentId: string;

beforeAll(async () => {
  db = await openMigratedDatabase();
  const { rows } = await db.query<{ id: string }>(
    "insert into public.agents (user_id, name) values ($1, 'Integrations') returning id",
    [DEMO_OWNER],
  );
  agentId = rows[0]!.id;
});
afterAll(async () => {
  await db?.close();
});

/** Whether Postgres stores `config` for an integration of `kind` (a check violation says no). */
async function sqlAccepts(kind: string, config: unknown): Promise<boolean> {
  try {
    await db.query(
      `insert into public.agent_integrations (agent_id, user_id, kind, config) values ($1, $2, $3, $4::jsonb)
       on conflict (agent_id, kind) do update set config = excluded.config`,
      [agentId, DEMO_OWNER, kind, JSON.stringify(config)],
    );
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') return false;
    throw error;
  }
}

const configCases: [string, unknown][] = [
  ['empty', {}],
  ['an array', []],
  ['a string', 'x'],
  ['a public field', { calendar_id: 'primary' }],
  ...SECRET_CONFIG_KEYS.map((key): [string, unknown] => [`a ${key}`, { [key]: 'leak' }]),
  ['a nested token (not a key of the config)', { business_info: { access_token: 'x' } }],
];

describe('agent_integrations.config: the contract and the database agree on every kind', () => {
  const cases = INTEGRATION_KINDS.flatMap((kind) => configCases.map(([name, config]) => [kind, name, config] as const));
  it.each(cases)('%s: %s', async (kind, _name, config) => {
    await expect(sqlAccepts(kind, config)).resolves.toBe(integrationConfigSchema(kind).safeParse(config).success);
  });

  it('an unknown kind is refused by both', async () => {
    await expect(sqlAccepts('slack', {})).resolves.toBe(false);
    expect((INTEGRATION_KINDS as readonly string[]).includes('slack')).toBe(false);
  });
});

const webhookCases: unknown[] = [
  '',
  null,
  'https://hooks.zapier.com/hooks/catch/1/abc/',
  'https://hook.eu1.make.com/abc?x=1#y',
  'https://localhost/a',
  'HTTPS://hooks.zapier.com/a',
  'http://hooks.zapier.com/a',
  'http://127.0.0.1:8787/hook',
  'http://localhost',
  'http://localhost:3000',
  'http://localhost.evil.com/a',
  'http://127.0.0.2/a',
  'ftp://hooks.example/a',
  'https://',
  'https:///path',
  'https://host/with space',
  'https://host/\tx',
  'https://host/a\n',
  ' https://host/a',
  `https://h.example/${'a'.repeat(2048 - 'https://h.example/'.length)}`,
  `https://h.example/${'a'.repeat(2049 - 'https://h.example/'.length)}`,
  `https://h.example/${'é'.repeat(2048 - 'https://h.example/'.length)}`,
  5,
  true,
  ['https://hooks.zapier.com/a'],
  { url: 'https://hooks.zapier.com/a' },
];

describe('connector webhook URL: the contract and the database agree', () => {
  const kinds: IntegrationKind[] = ['zapier', 'make', 'google_calendar'];
  const cases = kinds.flatMap((kind) => webhookCases.map((url) => [kind, url] as const));
  it.each(cases)('%s webhook_url %j', async (kind, url) => {
    const config = { webhook_url: url };
    await expect(sqlAccepts(kind, config)).resolves.toBe(integrationConfigSchema(kind).safeParse(config).success);
  });
});

describe('reading a stored config', () => {
  it('keeps the fields of the kind and reads wrong types as absent', () => {
    expect(readIntegrationConfig('web_widget', { domain: 'shop.example', api_key: 7 })).toEqual({
      domain: 'shop.example',
      api_key: null,
      script_url: null,
    });
    expect(readIntegrationConfig('zapier', { webhook_url: null })).toEqual({ webhook_url: '' });
    expect(readIntegrationConfig('whatsapp_business', 'broken').status).toBeNull();
  });
});
