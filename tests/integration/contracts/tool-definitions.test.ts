import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueToolSchema } from '@contracts/tool-catalogue.ts';
import { agentToolsSchema, defaultConfigSchema, functionDefinitionSchema } from '@contracts/tool-definition.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * A tool's definition (supabase/functions/_shared/contracts/tool-definition.ts) and the SQL that
 * checks the same columns agree on one table of cases: tool_catalogue.function_definition
 * (private.is_valid_function_definition and private.has_typed_function_definition),
 * tool_catalogue.default_config (object of texts) and agents.tools (private.is_valid_agent_tools
 * and the 50-entry check).
 */
let db: PGlite;

beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

async function sqlAcceptsDefinition(definition: unknown): Promise<boolean> {
  const { rows } = await db.query<{ valid: boolean }>(
    // Both checks as the table's constraints apply them: a null result passes a check.
    `select private.is_valid_function_definition($1::jsonb) is not false
        and private.has_typed_function_definition($1::jsonb) is not false as valid`,
    [JSON.stringify(definition)],
  );
  return rows[0]!.valid;
}

const params = (properties: unknown, required: unknown = []) => ({ type: 'object', properties, required });
const fn = (parameters: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'manage_calendar',
  description: 'Manage appointments',
  parameters,
  ...extra,
});
const prop = (p: Record<string, unknown>) => fn(params({ action: p }));

const definitionCases: [string, unknown][] = [
  ['no parameters', fn(params({}))],
  ['a full definition', fn(params({ action: { type: 'string', enum: ['book', 'cancel'] } }, ['action']))],
  ['extra keys kept', fn(params({ tags: { type: 'array', items: { type: 'string' } } }), { strict: false })],
  ['an array', []],
  ['a string', 'manage_calendar'],
  ['null', null],
  ['no name', { description: 'x', parameters: params({}) }],
  ['a name with spaces', fn(params({}), { name: 'has spaces' })],
  ['a name of 64', fn(params({}), { name: 'a'.repeat(64) })],
  ['a name of 65', fn(params({}), { name: 'a'.repeat(65) })],
  ['a numeric name', fn(params({}), { name: 42 })],
  ['no description', { name: 'f', parameters: params({}) }],
  ['an empty description', fn(params({}), { description: '' })],
  ['a null description', fn(params({}), { description: null })],
  ['a numeric description', fn(params({}), { description: 7 })],
  ['a description of 1000', fn(params({}), { description: 'x'.repeat(1000) })],
  ['a description of 1001', fn(params({}), { description: 'x'.repeat(1001) })],
  ['a description of 1000 emoji', fn(params({}), { description: '😀'.repeat(1000) })],
  ['no parameters object', { name: 'f', description: 'x' }],
  ['parameters an array', fn([])],
  ['parameters of type string', fn({ type: 'string', properties: {}, required: [] })],
  ['parameters without a type', fn({ properties: {}, required: [] })],
  ['parameters without properties', fn({ type: 'object', required: [] })],
  ['parameters without required', fn({ type: 'object', properties: {} })],
  ['properties an array', fn(params([]))],
  ['required an object', fn(params({}, {}))],
  ['required of numbers', fn(params({}, [1]))],
  ['a property name with a dot', fn(params({ 'a.b': { type: 'string' } }))],
  ['a property name of 65', fn(params({ ['a'.repeat(65)]: { type: 'string' } }))],
  [
    'a property of each type',
    fn(params(Object.fromEntries(['string', 'number', 'boolean', 'array', 'object'].map((t) => [t, { type: t }])))),
  ],
  ['a property of type integer', prop({ type: 'integer' })],
  ['a property without a type', prop({ description: 'x' })],
  ['a property that is a string', fn(params({ action: 'string' }))],
  ['a property with a null description', prop({ type: 'string', description: null })],
  ['a property description of 1001', prop({ type: 'string', description: 'x'.repeat(1001) })],
  ['an enum on a number', prop({ type: 'number', enum: ['1', '2'] })],
  ['an empty enum', prop({ type: 'string', enum: [] })],
  ['an enum with an empty value', prop({ type: 'string', enum: [''] })],
  ['an enum with a number', prop({ type: 'string', enum: ['a', 1] })],
  ['an enum that is a string', prop({ type: 'string', enum: 'a,b' })],
  ['an enum of 100', prop({ type: 'string', enum: Array.from({ length: 100 }, (_, i) => `v${i}`) })],
  ['an enum of 101', prop({ type: 'string', enum: Array.from({ length: 101 }, (_, i) => `v${i}`) })],
  ['an enum value of 201', prop({ type: 'string', enum: ['x'.repeat(201)] })],
  ['an enum value of 200 emoji', prop({ type: 'string', enum: ['😀'.repeat(200)] })],
  ['a null enum', prop({ type: 'string', enum: null })],
];

describe('tool_catalogue.function_definition: the contract schema and the database agree', () => {
  it.each(definitionCases)('%s', async (_name, definition) => {
    await expect(sqlAcceptsDefinition(definition)).resolves.toBe(
      functionDefinitionSchema.safeParse(definition).success,
    );
  });

  it('every catalogue row the migrations insert passes the contract', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      'select id, name, description, icon, enabled, function_definition, default_config from public.tool_catalogue',
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(catalogueToolSchema.safeParse(row).success, String(row.id)).toBe(true);
  });

  it('rows stored before the check keep loading (NOT VALID)', async () => {
    const { rows } = await db.query<{ validated: boolean }>(
      "select convalidated as validated from pg_constraint where conname = 'tool_catalogue_function_definition_types'",
    );
    expect(rows[0]!.validated).toBe(false);
  });
});

const configCases: [string, unknown][] = [
  ['empty', {}],
  ['texts', { provider: 'google', sync_interval: '5m' }],
  ['a number', { retries: 3 }],
  ['a null', { region: null }],
  ['a nested object', { region: { code: 'FR' } }],
  ['an array', []],
];

describe('tool_catalogue.default_config: the contract schema and the database agree', () => {
  it.each(configCases)('%s', async (_name, config) => {
    const { rows } = await db.query<{ valid: boolean }>(
      "select jsonb_typeof($1::jsonb) = 'object' and private.jsonb_values_are_text($1::jsonb) as valid",
      [JSON.stringify(config)],
    );
    expect(rows[0]!.valid).toBe(defaultConfigSchema.safeParse(config).success);
  });
});

const entry = (extra: Record<string, unknown> = {}) => ({ id: 'calendar', ...extra });
const toolsCases: [string, unknown][] = [
  ['empty', []],
  ['an object', {}],
  [
    'the wizard entry',
    [
      entry({
        name: 'Calendar',
        description: 'Book',
        type: 'system',
        icon: 'calendar',
        config: { provider: 'google' },
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      }),
    ],
  ],
  [
    'a custom tool with webhook settings',
    [
      entry({
        id: 'custom_1700000000000',
        type: 'custom',
        config: { webhook_url: 'https://hooks.example/x', timeout: 5 },
      }),
    ],
  ],
  ['just ids', [entry(), entry({ id: 'orders' })]],
  ['fifty entries', Array(50).fill(entry())],
  ['fifty-one entries', Array(51).fill(entry())],
  ['a bare id', ['calendar']],
  ['a null entry', [null]],
  ['no id', [{ name: 'Calendar' }]],
  ['a numeric id', [entry({ id: 7 })]],
  ['an upper-case id', [entry({ id: 'Calendar' })]],
  ['an id with a space', [entry({ id: 'my tool' })]],
  ['an id of 65', [entry({ id: 'a'.repeat(65) })]],
  ['config an array', [entry({ config: [] })]],
  ['config a string', [entry({ config: 'x' })]],
  ['config null', [entry({ config: null })]],
  ['type other', [entry({ type: 'plugin' })]],
  ['a numeric name', [entry({ name: 5 })]],
  ['a null icon', [entry({ icon: null })]],
  ['unknown keys kept', [entry({ sort: 2 })]],
];

describe('agents.tools: the contract schema and the database agree', () => {
  it.each(toolsCases)('%s', async (_name, tools) => {
    const { rows } = await db.query<{ valid: boolean }>(
      `select jsonb_typeof($1::jsonb) = 'array' and jsonb_array_length($1::jsonb) <= 50
          and private.is_valid_agent_tools($1::jsonb) as valid`,
      [JSON.stringify(tools)],
    );
    expect(rows[0]!.valid).toBe(agentToolsSchema.safeParse(tools).success);
  });

  it('the seeded demo agent is read by the contract', async () => {
    const { rows } = await db.query<{ tools: unknown }>('select tools from public.agents');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(agentToolsSchema.safeParse(row.tools).success).toBe(true);
  });
});
