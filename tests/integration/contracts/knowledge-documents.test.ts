import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWLEDGE_DOCUMENT_STATUSES,
  KNOWLEDGE_UPLOAD_GRACE_SECONDS,
  KNOWLEDGE_UPLOAD_REPORT_MS,
  UPLOAD_INTERRUPTED,
} from '@contracts/knowledge-documents.ts';
import { ERROR_CODES } from '@contracts/errors.ts';
import { openMigratedDatabase } from '../security/support/sql-database.ts';

/**
 * The knowledge document contract (contracts/knowledge-documents.ts) and the SQL that restates it
 * agree: the statuses knowledge_documents_status_check accepts, the grace time of
 * private.knowledge_upload_grace(), and the reason code the interrupted state is written with.
 */
const DEMO_OWNER = 'd0000000-0000-4000-8000-000000000001';
const DEMO_AGENT = 'a0000000-0000-4000-8000-000000000001';
let db: PGlite;

beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** Inserts a document with `status`, answering whether the constraint took it. */
async function accepts(status: string): Promise<boolean> {
  try {
    const { rows } = await db.query<{ id: string }>(
      "insert into public.knowledge_documents (agent_id, user_id, name, type, status) values ($1, $2, 'a.txt', 'txt', $3) returning id",
      [DEMO_AGENT, DEMO_OWNER, status],
    );
    await db.query('delete from public.knowledge_documents where id = $1', [rows[0]!.id]);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23514') return false;
    throw error;
  }
}

describe('knowledge documents: the contract and the database agree', () => {
  it.each([...KNOWLEDGE_DOCUMENT_STATUSES])('the database accepts the status %s', async (status) => {
    expect(await accepts(status)).toBe(true);
  });

  it.each(['ready', 'interrupted', 'Uploading', ''])('the database refuses the status %j', async (status) => {
    expect(await accepts(status)).toBe(false);
  });

  it('the grace time is the same on both sides, and progress reports come well within it', async () => {
    const { rows } = await db.query<{ seconds: number }>(
      'select extract(epoch from private.knowledge_upload_grace())::int as seconds',
    );
    expect(rows[0]?.seconds).toBe(KNOWLEDGE_UPLOAD_GRACE_SECONDS);
    expect(KNOWLEDGE_UPLOAD_REPORT_MS * 10).toBeLessThanOrEqual(KNOWLEDGE_UPLOAD_GRACE_SECONDS * 1000);
  });

  it('an interrupted upload is failed with the contract’s code, which clients know', async () => {
    const { rows } = await db.query<{ id: string }>(
      "insert into public.knowledge_documents (agent_id, user_id, name, type, status) values ($1, $2, 'b.txt', 'txt', 'uploading') returning id",
      [DEMO_AGENT, DEMO_OWNER],
    );
    const id = rows[0]!.id;
    await db.query('select private.interrupt_knowledge_uploads($1, array[$2]::uuid[])', [DEMO_OWNER, id]);
    const after = await db.query<{ status: string; error_code: string }>(
      'select status, error_code from public.knowledge_documents where id = $1',
      [id],
    );
    expect(after.rows[0]).toEqual({ status: 'failed', error_code: UPLOAD_INTERRUPTED });
    expect(ERROR_CODES).toContain(UPLOAD_INTERRUPTED);
  });
});
