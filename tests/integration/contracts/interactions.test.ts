import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  interactionWriteSchema,
  readDocumentConfig,
  readInstructions,
  readUrlConfig,
} from '@contracts/interactions.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * interactions rows (supabase/functions/_shared/contracts/interactions.ts) and the SQL that checks
 * them agree on one table of cases: private.check_interaction (the interactions_check_config
 * trigger) and the column checks on type, name, instructions and config.
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
const OTHER_OWNER = 'd0000000-0000-4000-8000-0000000000ff';
let db: PGlite;
let agentId: string;

beforeAll(async () => {
  db = await openMigratedDatabase();
  const { rows } = await db.query<{ id: string }>(
    "insert into public.agents (user_id, name) values ($1, 'Interactions') returning id",
    [DEMO_OWNER],
  );
  agentId = rows[0]!.id;
});
afterAll(async () => {
  await db?.close();
});

interface Case {
  type: string;
  enabled?: boolean;
  name?: string;
  instructions?: unknown;
  config?: unknown;
}

/** Whether Postgres stores the row (a check violation says no); the row is removed again. */
async function sqlAccepts(row: Case): Promise<boolean> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.interactions (agent_id, user_id, type, name, enabled, instructions, config)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) returning id`,
      [
        agentId,
        DEMO_OWNER,
        row.type,
        row.name ?? '',
        row.enabled ?? true,
        JSON.stringify(row.instructions ?? []),
        JSON.stringify(row.config ?? {}),
      ],
    );
    await db.query('delete from public.interactions where id = $1', [rows[0]!.id]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') return false;
    throw error;
  }
}

function contractAccepts(row: Case): boolean {
  return interactionWriteSchema(DEMO_OWNER).safeParse({
    name: '',
    enabled: true,
    instructions: [],
    config: {},
    ...row,
  }).success;
}

const doc = (config: Record<string, unknown>, extra: Partial<Case> = {}): Case => ({
  type: 'share_document',
  config: { send_email: true, ...config },
  ...extra,
});
const link = (config: Record<string, unknown>, extra: Partial<Case> = {}): Case => ({
  type: 'share_url',
  config: { send_url_email: true, ...config },
  ...extra,
});
const path = (rest: string) => `${DEMO_OWNER}/agent/interactions/${rest}`;

const cases: [string, Case][] = [
  ['an unknown type', { type: 'collect_feedback', config: {} }],
  ['an upper-case type', { type: 'SHARE_URL', config: {} }],
  ['a document draft', doc({})],
  ['a full document', doc({ file_name: 'menu.pdf', file_size: 1024, storage_path: path('1-menu.pdf') })],
  ['a document of 10 MB', doc({ file_size: 10 * 1024 * 1024 })],
  ['a document over 10 MB', doc({ file_size: 10 * 1024 * 1024 + 1 })],
  ['a negative size', doc({ file_size: -1 })],
  ['a size as text', doc({ file_size: '1024' })],
  ['an upper-case extension', doc({ file_name: 'MENU.PDF' })],
  ['an exe', doc({ file_name: 'menu.exe' })],
  ['a name without extension', doc({ file_name: 'menu' })],
  ['an empty file name', doc({ file_name: '' })],
  ['a file name of 255', doc({ file_name: `${'a'.repeat(251)}.pdf` })],
  ['a file name of 256', doc({ file_name: `${'a'.repeat(252)}.pdf` })],
  ['a numeric file name', doc({ file_name: 5 })],
  ['a prototype key as extension', doc({ file_name: 'x.constructor' })],
  ['a path in another folder', doc({ storage_path: `${OTHER_OWNER}/agent/interactions/x.pdf` })],
  ['a path climbing out', doc({ storage_path: path('../../x.pdf') })],
  ['an empty path', doc({ storage_path: '' })],
  ['a null path', doc({ storage_path: null })],
  ['a path of 1025', doc({ storage_path: path('a'.repeat(1025 - path('').length)) })],
  ['email as text', doc({ send_email: 'true' })],
  ['enabled without a channel', doc({ send_email: false })],
  ['disabled without a channel', doc({ send_email: false }, { enabled: false })],
  ['whatsapp only', doc({ send_email: false, send_whatsapp: true })],
  ['document keys on a link', link({ storage_path: `${OTHER_OWNER}/x.pdf` })],
  ['a link draft', link({})],
  ['a full link', link({ url: 'https://bistrot.example/menu?x=1#a', url_title: 'Menu', url_description: 'Our menu' })],
  ['an upper-case scheme', link({ url: 'HTTPS://bistrot.example' })],
  ['http', link({ url: 'http://bistrot.example' })],
  ['javascript', link({ url: 'javascript:alert(1)' })],
  ['no dot in the host', link({ url: 'https://localhost/menu' })],
  ['a space in the path', link({ url: 'https://bistrot.example/a menu' })],
  ['a trailing newline', link({ url: 'https://bistrot.example/\n' })],
  ['a url of 2048', link({ url: `https://b.example/${'a'.repeat(2048 - 'https://b.example/'.length)}` })],
  ['a url of 2049', link({ url: `https://b.example/${'a'.repeat(2049 - 'https://b.example/'.length)}` })],
  ['a numeric url', link({ url: 5 })],
  ['a null url', link({ url: null })],
  ['a title of 200', link({ url_title: 'x'.repeat(200) })],
  ['a title of 201', link({ url_title: 'x'.repeat(201) })],
  ['a title of 200 emoji', link({ url_title: '😀'.repeat(200) })],
  ['a numeric title', link({ url_title: 5 })],
  ['an object description', link({ url_description: { a: 1 } })],
  ['a description of 1001', link({ url_description: 'x'.repeat(1001) })],
  ['whatsapp as a number', link({ send_url_whatsapp: 1 })],
  ['a link without a channel', link({ send_url_email: false })],
  ['config an array', { type: 'share_url', config: [] }],
  ['an instruction', link({}, { instructions: [{ id: '1', type: 'keyword', value: 'menu' }] })],
  ['an instruction of 2000', link({}, { instructions: [{ value: 'x'.repeat(2000) }] })],
  ['an instruction of 2001', link({}, { instructions: [{ value: 'x'.repeat(2001) }] })],
  ['a numeric instruction', link({}, { instructions: [{ value: 5 }] })],
  ['a bare instruction', link({}, { instructions: ['menu'] })],
  ['fifty instructions', link({}, { instructions: Array(50).fill({ value: 'a' }) })],
  ['fifty-one instructions', link({}, { instructions: Array(51).fill({ value: 'a' }) })],
  ['instructions an object', link({}, { instructions: {} })],
  ['a name of 200', link({}, { name: 'x'.repeat(200) })],
  ['a name of 201', link({}, { name: 'x'.repeat(201) })],
];

describe('interactions: the contract schema and the database agree', () => {
  it.each(cases)('%s', async (_name, row) => {
    await expect(sqlAccepts(row)).resolves.toBe(contractAccepts(row));
  });
});

describe('reading stored interactions', () => {
  it('keeps texts and flags of the right type and defaults the rest', () => {
    expect(readUrlConfig({ url: 'https://a.example', url_title: 5, send_url_email: 'yes' })).toEqual({
      url: 'https://a.example',
      url_title: '',
      url_description: '',
      send_url_email: false,
      send_url_whatsapp: false,
    });
    expect(readDocumentConfig({ file_name: 'menu.pdf', file_size: '9', send_whatsapp: true })).toEqual({
      file_name: 'menu.pdf',
      send_email: false,
      send_whatsapp: true,
    });
    expect(readInstructions([{ id: 7, value: 'menu' }, { value: 3 }, 'x'])).toEqual([
      { id: '7', type: 'keyword', value: 'menu' },
    ]);
  });
});
