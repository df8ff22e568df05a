/**
 * Two channels creating the same contact at the same moment. match_contact (the
 * one matcher every channel's trigger calls) must hand both the same row, never raise — for an
 * email-only visitor the error used to abort the outbound message that named them.
 *
 * PGlite (the local stack) has a single connection, so the race runs on a throwaway real Postgres
 * with two sessions: the first inserts and holds its transaction open, the second blocks on the
 * unique index, the first commits. The functions are the migrations' own SQL (the newest
 * definition of each); the table is the part of public.contacts the matcher relies on.
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

let pg: Postgres;
let first: Session;
let second: Session;

beforeAll(async () => {
  pg = await startPostgres();
  await pg.query(`
    create schema private;
    create table public.contacts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null,
      phone text check (phone ~ '^[0-9]{4,20}$'),
      email text,
      first_name text not null default '',
      last_name text not null default '',
      last_contact_date timestamptz,
      constraint contacts_user_id_phone_key unique (user_id, phone),
      constraint contacts_phone_or_email check (phone is not null or email is not null)
    );
    create unique index contacts_user_id_email_key on public.contacts (user_id, email) where email is not null;
    ${latestDefinition('phone_digits')};
    ${latestDefinition('match_contact')};
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
  await pg.query('truncate public.contacts');
  first = pg.session();
  second = pg.session();
});

const match = (phone: string | null, email: string | null, name: string | null) =>
  `select private.match_contact('${OWNER}', ${phone ? `'${phone}'` : 'null'}, ${email ? `'${email}'` : 'null'}, ` +
  `${name ? `'${name}'` : 'null'}, now());`;

describe('match_contact under two concurrent sessions', () => {
  it('the same new email from two channels at once is one contact, and neither raises', async () => {
    await first.run('begin;');
    const mine = await first.run(match(null, 'visitor@example.com', 'Ann Lee'));
    expect(mine.error).toBe('');
    const theirs = second.send(match(null, 'Visitor@Example.com', null));
    await someoneBlocked(pg);
    expect((await first.run('commit;')).error).toBe('');
    const result = await theirs;
    expect(result.error).toBe('');
    expect(result.output).toBe(mine.output);
    expect(await pg.query(`select count(*) || ' ' || min(first_name) from public.contacts`)).toBe('1 Ann');
  });

  it('a number arriving with an email just taken joins that contact and gives it the number', async () => {
    await first.run('begin;');
    const mine = await first.run(match(null, 'caller@example.com', null));
    const theirs = second.send(match('+33 6 12 34 56 78', 'caller@example.com', null));
    await someoneBlocked(pg);
    await first.run('commit;');
    const result = await theirs;
    expect(result.error).toBe('');
    expect(result.output).toBe(mine.output);
    expect(await pg.query(`select phone || ' ' || email from public.contacts`)).toBe('33612345678 caller@example.com');
  });

  it('a known caller whose new email another contact just took keeps their own row, without the email', async () => {
    const caller = await pg.query(match('+33699887766', null, null));
    await first.run('begin;');
    await first.run(match(null, 'shared@example.com', null));
    const theirs = second.send(match('+33699887766', 'shared@example.com', 'Bo Chen'));
    await someoneBlocked(pg);
    await first.run('commit;');
    const result = await theirs;
    expect(result.error).toBe('');
    expect(result.output).toBe(caller);
    expect(
      await pg.query(
        `select coalesce(email, '-') || ' ' || first_name from public.contacts where phone = '33699887766'`,
      ),
    ).toBe('- Bo');
    expect(await pg.query(`select count(*) from public.contacts`)).toBe('2');
  });
});
