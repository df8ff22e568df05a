/**
 * No cross-tenant file access through knowledge-ingest. The function reads, re-reads
 * and removes knowledge files with the service role, so the path it acts on must be derived from
 * the caller and the agent, never taken from a column or a body a client wrote. Cast: a visitor,
 * owner A (the victim, with a private file), owner B (the attacker) and an admin.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, startCast, type Actor, type Cast } from './support/actors.ts';

const SECRET = 'Supplier price list: flour 0.42 EUR per kilo, confidential.';

let cast: Cast;
let agentA: { id: string };
let agentB: { id: string };
/** A's ingested file (its document is documentA). */
let pathA: string;
let documentA: { id: string };
/** A's files uploaded but not ingested yet: no row holds their paths, so a planted row could. */
let rawA: string;
let rawA2: string;

interface Answer {
  status: number;
  body: { error?: { code: string; message: string }; document?: { id: string }; deleted?: boolean };
}

async function tokenOf(actor: Actor): Promise<string> {
  const { data } = await actor.client.auth.getSession();
  if (!data.session) throw new Error(`${actor.email} has no session`);
  return data.session.access_token;
}

async function ingest(actor: Actor | null, body: Record<string, unknown>): Promise<Answer> {
  const bearer = actor ? await tokenOf(actor) : cast.stack.anonKey;
  const response = await fetch(`${cast.stack.url}/functions/v1/knowledge-ingest`, {
    method: 'POST',
    headers: { apikey: cast.stack.anonKey, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function upload(actor: Actor, path: string, content: string): Promise<void> {
  const { error } = await actor.client.storage
    .from('knowledge')
    .upload(path, new Blob([content], { type: 'text/plain' }), { upsert: true });
  if (error) throw new Error(`upload ${path}: ${error.message}`);
}

/** The victim's file, as the service role sees it (null once removed). */
async function fileA(path = pathA): Promise<string | null> {
  const { data } = await cast.service.storage.from('knowledge').download(path);
  return data ? await data.text() : null;
}

/** Every chunk the attacker can read that carries the victim's secret. */
async function leakedToB(): Promise<unknown[]> {
  const { data } = await cast.otherOwner.client.from('knowledge_chunks').select('content').ilike('content', '%flour%');
  return data ?? [];
}

beforeAll(async () => {
  cast = await startCast();
  agentA = await serviceInsert(cast.service, 'agents', { user_id: cast.owner.id, name: 'Victim' });
  agentB = await serviceInsert(cast.service, 'agents', { user_id: cast.otherOwner.id, name: 'Attacker' });
  pathA = `${cast.owner.id}/${agentA.id}/prices.txt`;
  await upload(cast.owner, pathA, SECRET);
  const ingested = await ingest(cast.owner, { action: 'ingest', agentId: agentA.id, storagePath: pathA });
  if (ingested.status !== 200 || !ingested.body.document) throw new Error(`setup ingest: ${ingested.status}`);
  documentA = ingested.body.document;
  rawA = `${cast.owner.id}/${agentA.id}/contract.txt`;
  rawA2 = `${cast.owner.id}/${agentA.id}/contract-2.txt`;
  await upload(cast.owner, rawA, SECRET);
  await upload(cast.owner, rawA2, SECRET);
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
});

describe('knowledge files across tenants', () => {
  it('another owner cannot point a document at my private file and ingest it into their agent', async () => {
    const planted = await cast.otherOwner.client
      .from('knowledge_documents')
      .insert({
        agent_id: agentB.id,
        user_id: cast.otherOwner.id,
        name: 'prices.txt',
        type: 'txt',
        status: 'failed',
        storage_path: rawA,
      })
      .select('id')
      .maybeSingle<{ id: string }>();
    if (planted.data) {
      // Before the fix the row existed, and re-ingesting it copied A's file into B's chunks.
      await ingest(cast.otherOwner, { action: 'reingest', documentId: planted.data.id });
    }
    expect(await leakedToB()).toEqual([]);
    expect(planted.error).not.toBeNull();
  });

  it('another owner cannot delete my file through a document of their own', async () => {
    const planted = await cast.otherOwner.client
      .from('knowledge_documents')
      .insert({ agent_id: agentB.id, user_id: cast.otherOwner.id, name: 'x.txt', type: 'txt', storage_path: rawA2 })
      .select('id')
      .maybeSingle<{ id: string }>();
    if (planted.data) await ingest(cast.otherOwner, { action: 'delete', documentId: planted.data.id });
    expect(await fileA(rawA2)).toBe(SECRET);
    expect(planted.error).not.toBeNull();
  });

  it('an owner cannot write storage_path at all, not even to their own folder', async () => {
    const own = await cast.otherOwner.client.from('knowledge_documents').insert({
      agent_id: agentB.id,
      user_id: cast.otherOwner.id,
      name: 'mine.txt',
      type: 'txt',
      storage_path: `${cast.otherOwner.id}/${agentB.id}/mine.txt`,
    });
    expect(own.error?.code).toBe('42501');
    // Without the path the row is fine (the childTables matrix in agents.test.ts relies on it).
    const plain = await cast.otherOwner.client
      .from('knowledge_documents')
      .insert({ agent_id: agentB.id, user_id: cast.otherOwner.id, name: 'mine.txt', type: 'txt' });
    expect(plain.error).toBeNull();
  });

  it('even the service role cannot store a path outside the row’s owner and agent folders', async () => {
    for (const storage_path of [
      `${cast.owner.id}/${agentA.id}/never-stored.txt`,
      `${cast.otherOwner.id}/${agentA.id}/never-stored.txt`,
      `${cast.otherOwner.id}/${agentB.id}/../never-stored.txt`,
      `${cast.otherOwner.id}/${agentB.id}/.hidden`,
      `${cast.otherOwner.id}/${agentB.id}/sub/never-stored.txt`,
    ]) {
      const { error } = await cast.service
        .from('knowledge_documents')
        .insert({ agent_id: agentB.id, user_id: cast.otherOwner.id, name: 'p.txt', type: 'txt', storage_path });
      expect(error?.code, storage_path).toBe('23514');
    }
  });

  it('another owner and an admin get the same 404 for my document as for one that does not exist', async () => {
    const missing = randomUUID();
    for (const actor of [cast.otherOwner, cast.admin]) {
      for (const action of ['reingest', 'delete']) {
        const foreign = await ingest(actor, { action, documentId: documentA.id });
        const absent = await ingest(actor, { action, documentId: missing });
        expect(foreign.status, `${action} by ${actor.email}`).toBe(404);
        expect(foreign.body).toEqual(absent.body);
      }
    }
    expect(await fileA()).toBe(SECRET);
    const { data } = await cast.service.from('knowledge_documents').select('status').eq('id', documentA.id).single();
    expect(data?.status).toBe('uploaded');
  });

  it('another owner cannot ingest my file by its path, and the answer does not tell whether it exists', async () => {
    const ghost = `${cast.owner.id}/${agentA.id}/does-not-exist.txt`;
    // Into my agent: the agent is not theirs.
    const intoMine = await ingest(cast.otherOwner, { action: 'ingest', agentId: agentA.id, storagePath: rawA });
    const intoMineGhost = await ingest(cast.otherOwner, { action: 'ingest', agentId: agentA.id, storagePath: ghost });
    expect(intoMine.status).toBe(404);
    expect(intoMine.body).toEqual(intoMineGhost.body);
    // Into their own agent: the path is not in their agent's folder.
    const intoTheirs = await ingest(cast.otherOwner, { action: 'ingest', agentId: agentB.id, storagePath: rawA });
    const intoTheirsGhost = await ingest(cast.otherOwner, { action: 'ingest', agentId: agentB.id, storagePath: ghost });
    expect(intoTheirs.status).toBe(404);
    expect(intoTheirs.body).toEqual(intoTheirsGhost.body);
    expect(await leakedToB()).toEqual([]);
    expect(await fileA(rawA)).toBe(SECRET);
  });

  it('a visitor cannot call knowledge-ingest nor create documents', async () => {
    expect((await ingest(null, { action: 'delete', documentId: documentA.id })).status).toBe(401);
    const { error } = await cast.anon
      .from('knowledge_documents')
      .insert({ agent_id: agentA.id, user_id: cast.owner.id, name: 'a.txt', type: 'txt', storage_path: pathA });
    expect(error).not.toBeNull();
    expect(await fileA()).toBe(SECRET);
  });

  it('a document row left with a foreign path is refused by the function with the same 404', async () => {
    // Rows written before the fix: the migration clears such paths, and the function re-checks
    // every stored path against the caller and the row's agent anyway (defence in depth).
    const db = cast.stack.db;
    await db.exec(
      'alter table public.knowledge_documents drop constraint knowledge_documents_storage_path_in_agent_folder',
    );
    try {
      const legacy = await serviceInsert<{ id: string }>(cast.service, 'knowledge_documents', {
        agent_id: agentB.id,
        user_id: cast.otherOwner.id,
        name: 'legacy.txt',
        type: 'txt',
        status: 'failed',
        storage_path: rawA,
      });
      const absent = await ingest(cast.otherOwner, { action: 'reingest', documentId: randomUUID() });
      for (const action of ['reingest', 'delete']) {
        const answer = await ingest(cast.otherOwner, { action, documentId: legacy.id });
        expect(answer.status, action).toBe(404);
        expect(answer.body).toEqual(absent.body);
      }
      expect(await leakedToB()).toEqual([]);
      expect(await fileA(rawA)).toBe(SECRET);
      await cast.service.from('knowledge_documents').delete().eq('id', legacy.id);
    } finally {
      await db.exec(
        `alter table public.knowledge_documents add constraint knowledge_documents_storage_path_in_agent_folder
           check (private.is_own_knowledge_path(storage_path, user_id, agent_id))`,
      );
    }
  });

  it('the owner still ingests, re-ingests and deletes their own file', async () => {
    const path = `${cast.owner.id}/${agentA.id}/hours.txt`;
    await upload(cast.owner, path, 'Opening hours: Tuesday to Saturday, 8am to 7pm.');
    const created = await ingest(cast.owner, { action: 'ingest', agentId: agentA.id, storagePath: path });
    expect(created.status).toBe(200);
    const id = created.body.document!.id;
    expect((await ingest(cast.owner, { action: 'reingest', documentId: id })).status).toBe(200);
    const deleted = await ingest(cast.owner, { action: 'delete', documentId: id });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    const { data } = await cast.service.storage.from('knowledge').download(path);
    expect(data).toBeNull();
  });
});
