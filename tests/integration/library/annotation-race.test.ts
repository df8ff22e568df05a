/**
 * Two first saves of the same call's annotation at the same moment (two desks
 * syncing notes made offline). With no row yet, the first version's `select … for update` locked
 * nothing, so the later-arriving, older edit overwrote the newer one. The write itself must decide.
 *
 * PGlite (the local stack) has one connection, so the race runs on a throwaway real Postgres with
 * two sessions: the first saves and holds its transaction open, the second blocks on the unique
 * index, the first commits. The function is the migrations' own SQL (its newest definition); the
 * tables are the parts of public.calls and public.recording_annotations it relies on.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  latestDefinition,
  someoneBlocked,
  startPostgres,
  type Postgres,
  type Session,
} from '../support/real-postgres.ts';

const OWNER = '00000000-0000-4000-8000-000000000001';
const CALL = '00000000-0000-4000-8000-0000000000c1';

let pg: Postgres;
let first: Session;
let second: Session;

beforeAll(async () => {
  pg = await startPostgres();
  await pg.query(`
    create schema private;
    create schema auth;
    create function auth.uid() returns uuid language sql stable
      as $$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $$;
    create table public.calls (id uuid primary key, user_id uuid not null, kind text not null default 'phone');
    create table public.recording_annotations (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null,
      call_kind text not null,
      call_id uuid not null,
      notes text not null default '',
      tags text[] not null default '{}',
      rubric jsonb not null default '{}',
      edited_at timestamptz not null,
      updated_at timestamptz not null default now(),
      constraint recording_annotations_one_per_call unique (user_id, call_kind, call_id)
    );
    insert into public.calls values ('${CALL}', '${OWNER}');
    ${latestDefinition('sync_recording_annotation')};
  `);
}, 60_000);

afterAll(() => {
  first?.close();
  second?.close();
  pg?.stop();
});

beforeEach(async () => {
  first?.close();
  second?.close();
  await pg.query('truncate public.recording_annotations');
  first = pg.session();
  second = pg.session();
});

const save = (notes: string, editedAt: string) =>
  `select notes || '|' || lost from private.sync_recording_annotation('gsm', '${CALL}', '${notes}', '{}', '{}', '${editedAt}');`;

async function firstSavesRace(held: [string, string], racing: [string, string]) {
  for (const s of [first, second]) await s.run(`begin; set local request.jwt.claim.sub = '${OWNER}';`);
  const mine = await first.run(save(...held));
  expect(mine.error).toBe('');
  const theirs = second.send(save(...racing));
  await someoneBlocked(pg);
  expect((await first.run('commit;')).error).toBe('');
  const result = await theirs;
  expect((await second.run('commit;')).error).toBe('');
  return { mine: mine.output, theirs: result };
}

describe('sync_recording_annotation under two concurrent first saves', () => {
  it('an older edit arriving second does not overwrite the newer one: it is told it lost, with the row that stands', async () => {
    const { mine, theirs } = await firstSavesRace(['Newer', '2026-11-21T10:00:00Z'], ['Older', '2026-11-21T09:00:00Z']);
    expect(mine).toBe('Newer|false');
    expect(theirs.error).toBe('');
    expect(theirs.output).toBe('Newer|true');
    expect(await pg.query('select notes from public.recording_annotations')).toBe('Newer');
  });

  it('a newer edit arriving second replaces the older one', async () => {
    const { theirs } = await firstSavesRace(['Older', '2026-11-21T09:00:00Z'], ['Newer', '2026-11-21T10:00:00Z']);
    expect(theirs.output).toBe('Newer|false');
    expect(await pg.query('select notes from public.recording_annotations')).toBe('Newer');
  });
});
