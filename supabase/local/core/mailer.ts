import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { CapturedEmail, Email, Mailer } from './contracts.ts';

/** Every http(s) URL in the text and href attributes of the HTML, de-duplicated, in order. */
export function extractLinks(email: Email): string[] {
  const found: string[] = [];
  const add = (url: string) => {
    const clean = url.replace(/&amp;/g, '&');
    if (!found.includes(clean)) found.push(clean);
  };
  for (const m of email.html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)) add(m[1]!);
  for (const m of email.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) add(m[0]);
  return found;
}

/**
 * The local inbox: emails are stored in the database (table `_local.inbox`, not exposed through
 * the API) so they survive restarts, and listed newest first.
 */
export async function createInboxMailer(db: PGlite, log: (m: string) => void = () => {}): Promise<Mailer> {
  const ready = await db.query<{ ok: boolean }>(`select to_regclass('_local.inbox') is not null as ok`);
  if (!ready.rows[0]?.ok)
    await db.exec(`create schema if not exists _local;
    create table if not exists _local.inbox (
      id uuid primary key, recipient text not null, subject text not null, html text not null,
      body_text text not null, links text[] not null, created_at timestamptz not null default clock_timestamp());`);
  return {
    async send(email) {
      const captured: CapturedEmail = {
        ...email,
        id: randomUUID(),
        links: extractLinks(email),
        createdAt: new Date().toISOString(),
      };
      await db.query(
        'insert into _local.inbox (id, recipient, subject, html, body_text, links, created_at) values ($1,$2,$3,$4,$5,$6,$7)',
        [captured.id, captured.to, captured.subject, captured.html, captured.text, captured.links, captured.createdAt],
      );
      log(`inbox: "${email.subject}" to ${email.to}`);
      return captured;
    },
    async list() {
      const { rows } = await db.query<{
        id: string;
        recipient: string;
        subject: string;
        html: string;
        body_text: string;
        links: string[];
        created_at: Date;
      }>('select * from _local.inbox order by created_at desc');
      return rows.map((r) => ({
        id: r.id,
        to: r.recipient,
        subject: r.subject,
        html: r.html,
        text: r.body_text,
        links: r.links,
        createdAt: new Date(r.created_at).toISOString(),
      }));
    },
    async clear() {
      const result = await db.query('delete from _local.inbox');
      return result.affectedRows ?? 0;
    },
  };
}
