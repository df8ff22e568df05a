/**
 * Knowledge uploads recorded before their bytes go up. knowledge-ingest creates the document as
 * 'uploading' at a path it chooses, processes it only for its owner and only while it waits for
 * its file, and lets a failed one take a new file into the same row. Dead uploads become failed
 * with `upload_interrupted`, by the owner's RPC (ids their previous page left in flight, or gone
 * quiet past the grace time) or by the scheduler's sweep; clients still cannot choose a status.
 * Cast: a visitor, owner A, owner B and the service role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_UPLOAD_GRACE_SECONDS, UPLOAD_INTERRUPTED } from '@contracts/knowledge-documents.ts';
import { serviceInsert, serviceRow, startCast, type Actor, type Cast } from './support/actors.ts';

const TEXT = 'Opening hours: Tuesday to Sunday, 7 am to 8 pm. Closed on Mondays.';

interface DocumentRow {
  id: string;
  agent_id: string;
  user_id: string;
  name: string;
  status: string;
  progress: number;
  error: string | null;
  error_code: string | null;
  storage_path: string | null;
  size_bytes: number | null;
  chunk_count: number;
  updated_at: string;
}

interface Answer {
  status: number;
  body: { document?: DocumentRow; error?: { code: string; message: string }; interrupted?: number };
}

let cast: Cast;
let agentA: { id: string };
let agentB: { id: string };

async function bearerOf(actor: Actor | 'anon' | 'service'): Promise<string> {
  if (actor === 'anon') return cast.stack.anonKey;
  if (actor === 'service') return cast.stack.serviceRoleKey;
  const { data } = await actor.client.auth.getSession();
  if (!data.session) throw new Error(`${actor.email} has no session`);
  return data.session.access_token;
}

async function call(actor: Actor | 'anon' | 'service', body: unknown, path = ''): Promise<Answer> {
  const response = await fetch(`${cast.stack.url}/functions/v1/knowledge-ingest${path}`, {
    method: 'POST',
    headers: {
      apikey: cast.stack.anonKey,
      authorization: `Bearer ${await bearerOf(actor)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const document = (id: string) =>
  serviceRow<DocumentRow & Record<string, unknown>>(cast.service, 'knowledge_documents', { id });

/** A row as the function would leave it mid-upload; `quietFor` backdates its last sign of life. */
async function uploadingRow(owner: Actor, agentId: string, quietFor = 0): Promise<DocumentRow> {
  const at = new Date(Date.now() - quietFor * 1000).toISOString();
  return serviceInsert<DocumentRow & Record<string, unknown>>(cast.service, 'knowledge_documents', {
    agent_id: agentId,
    user_id: owner.id,
    name: 'hours.txt',
    type: 'txt',
    status: 'uploading',
    size_bytes: TEXT.length,
    created_at: at,
    updated_at: at,
  });
}

async function readyRow(owner: Actor, agentId: string): Promise<DocumentRow> {
  return serviceInsert<DocumentRow & Record<string, unknown>>(cast.service, 'knowledge_documents', {
    agent_id: agentId,
    user_id: owner.id,
    name: 'menu.txt',
    type: 'txt',
    status: 'uploaded',
    progress: 100,
    size_bytes: 10,
  });
}

async function put(owner: Actor, path: string, text: string, type = 'text/plain'): Promise<void> {
  const { error } = await owner.client.storage.from('knowledge').upload(path, new Blob([text], { type }));
  if (error) throw new Error(`upload ${path}: ${error.message}`);
}

const startUpload = (actor: Actor | 'anon', agentId: string, name = 'hours.txt', sizeBytes = TEXT.length) =>
  call(actor, { action: 'upload', agentId, name, sizeBytes });

beforeAll(async () => {
  cast = await startCast();
  agentA = await serviceInsert(cast.service, 'agents', { user_id: cast.owner.id, name: 'Bakery' });
  agentB = await serviceInsert(cast.service, 'agents', { user_id: cast.otherOwner.id, name: 'Florist' });
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
});

describe('interrupting uploads (interrupt_knowledge_uploads)', () => {
  it('the owner marks the upload their reloaded page left in flight as interrupted', async () => {
    const row = await uploadingRow(cast.owner, agentA.id);
    const { data, error } = await cast.owner.client.rpc('interrupt_knowledge_uploads', { abandoned: [row.id] });
    expect(error).toBeNull();
    expect(data).toBeGreaterThanOrEqual(1);
    expect(await document(row.id)).toMatchObject({ status: 'failed', error_code: UPLOAD_INTERRUPTED, progress: 0 });
  });

  it('an upload gone quiet past the grace time is interrupted on the owner’s next load; a live one is not', async () => {
    const quiet = await uploadingRow(cast.owner, agentA.id, KNOWLEDGE_UPLOAD_GRACE_SECONDS + 5);
    const live = await uploadingRow(cast.owner, agentA.id, KNOWLEDGE_UPLOAD_GRACE_SECONDS - 30);
    const { error } = await cast.owner.client.rpc('interrupt_knowledge_uploads', {});
    expect(error).toBeNull();
    expect((await document(quiet.id))?.status).toBe('failed');
    expect((await document(live.id))?.status).toBe('uploading');
  });

  it('another owner cannot interrupt my upload, even naming it', async () => {
    const row = await uploadingRow(cast.owner, agentA.id);
    const { data, error } = await cast.otherOwner.client.rpc('interrupt_knowledge_uploads', { abandoned: [row.id] });
    expect(error).toBeNull();
    expect(data).toBe(0);
    expect((await document(row.id))?.status).toBe('uploading');
  });

  it('a visitor cannot call it at all', async () => {
    const row = await uploadingRow(cast.owner, agentA.id);
    const { error } = await cast.anon.rpc('interrupt_knowledge_uploads', { abandoned: [row.id] });
    expect(error?.code).toBe('42501');
    expect((await document(row.id))?.status).toBe('uploading');
  });

  it('a ready document cannot be set back to failed by its owner, through the RPC or directly', async () => {
    const ready = await readyRow(cast.owner, agentA.id);
    const { data } = await cast.owner.client.rpc('interrupt_knowledge_uploads', { abandoned: [ready.id] });
    expect(data).toBe(0);
    const direct = await cast.owner.client
      .from('knowledge_documents')
      .update({ status: 'failed', error_code: UPLOAD_INTERRUPTED })
      .eq('id', ready.id);
    expect(direct.error?.code).toBe('42501');
    expect(await document(ready.id)).toMatchObject({ status: 'uploaded', error_code: null });
  });

  it('refuses more than 100 ids at once', async () => {
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    const { error } = await cast.owner.client.rpc('interrupt_knowledge_uploads', { abandoned: ids });
    expect(error?.code).toBe('22023');
  });
});

describe('upload progress (report_knowledge_upload_progress)', () => {
  it('the owner’s report moves the progress forward and counts as a sign of life', async () => {
    const row = await uploadingRow(cast.owner, agentA.id, KNOWLEDGE_UPLOAD_GRACE_SECONDS + 5);
    const { data, error } = await cast.owner.client.rpc('report_knowledge_upload_progress', {
      document_id: row.id,
      progress: 40,
    });
    expect(error).toBeNull();
    expect(data).toBe(true);
    await cast.owner.client.rpc('report_knowledge_upload_progress', { document_id: row.id, progress: 20 });
    const after = await document(row.id);
    expect(after?.progress).toBe(40);
    // Alive again: the grace time starts over.
    await cast.owner.client.rpc('interrupt_knowledge_uploads', {});
    expect((await document(row.id))?.status).toBe('uploading');
  });

  it('answers false for a document that no longer waits for its file, and changes nothing', async () => {
    const ready = await readyRow(cast.owner, agentA.id);
    const before = await document(ready.id);
    const { data } = await cast.owner.client.rpc('report_knowledge_upload_progress', {
      document_id: ready.id,
      progress: 5,
    });
    expect(data).toBe(false);
    expect(await document(ready.id)).toEqual(before);
  });

  it('another owner’s report answers false and a visitor’s is refused', async () => {
    const row = await uploadingRow(cast.owner, agentA.id);
    const other = await cast.otherOwner.client.rpc('report_knowledge_upload_progress', {
      document_id: row.id,
      progress: 90,
    });
    expect(other.data).toBe(false);
    const anon = await cast.anon.rpc('report_knowledge_upload_progress', { document_id: row.id, progress: 90 });
    expect(anon.error?.code).toBe('42501');
    expect((await document(row.id))?.progress).toBe(0);
  });

  it('refuses a progress outside 0..100', async () => {
    const row = await uploadingRow(cast.owner, agentA.id);
    const { error } = await cast.owner.client.rpc('report_knowledge_upload_progress', {
      document_id: row.id,
      progress: 101,
    });
    expect(error?.code).toBe('22023');
  });
});

describe('the sweep (knowledge-ingest /sweep)', () => {
  it('the scheduler interrupts every owner’s uploads gone quiet, and only those', async () => {
    const mine = await uploadingRow(cast.owner, agentA.id, KNOWLEDGE_UPLOAD_GRACE_SECONDS + 5);
    const theirs = await uploadingRow(cast.otherOwner, agentB.id, KNOWLEDGE_UPLOAD_GRACE_SECONDS + 5);
    const live = await uploadingRow(cast.owner, agentA.id);
    const swept = await call('service', {}, '/sweep');
    expect(swept.status).toBe(200);
    expect(swept.body.interrupted).toBeGreaterThanOrEqual(2);
    expect((await document(mine.id))?.error_code).toBe(UPLOAD_INTERRUPTED);
    expect((await document(theirs.id))?.error_code).toBe(UPLOAD_INTERRUPTED);
    expect((await document(live.id))?.status).toBe('uploading');
  });

  it('owners and visitors cannot run it, through the function or the RPC', async () => {
    expect((await call(cast.owner, {}, '/sweep')).status).toBe(403);
    expect((await cast.owner.client.rpc('sweep_interrupted_knowledge_uploads')).error?.code).toBe('42501');
    expect((await cast.anon.rpc('sweep_interrupted_knowledge_uploads')).error?.code).toBe('42501');
  });
});

describe('uploading through knowledge-ingest', () => {
  it('records the upload first, then processes that very document once its file is there', async () => {
    const started = await startUpload(cast.owner, agentA.id);
    expect(started.status).toBe(201);
    const row = started.body.document!;
    expect(row).toMatchObject({ status: 'uploading', progress: 0, name: 'hours.txt', user_id: cast.owner.id });
    // The server chose the path, in the owner's folder for the agent.
    expect(row.storage_path).toMatch(new RegExp(`^${cast.owner.id}/${agentA.id}/\\d+-hours\\.txt$`));
    await put(cast.owner, row.storage_path!, TEXT);
    const ingested = await call(cast.owner, { action: 'ingest', documentId: row.id, agentId: agentA.id });
    expect(ingested.status).toBe(200);
    expect(ingested.body.document).toMatchObject({ id: row.id, status: 'uploaded', progress: 100, error_code: null });
    expect(ingested.body.document!.chunk_count).toBeGreaterThan(0);
    // Done is done: the same document is not processed as an upload twice.
    const again = await call(cast.owner, { action: 'ingest', documentId: row.id });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('upload_not_pending');
  });

  it('another owner cannot start an upload into my agent, nor process, retry or delete my upload', async () => {
    const intoMine = await startUpload(cast.otherOwner, agentA.id);
    expect(intoMine.status).toBe(404);
    expect(intoMine.body.error?.code).toBe('agent_not_found');
    const row = (await startUpload(cast.owner, agentA.id)).body.document!;
    await put(cast.owner, row.storage_path!, TEXT);
    for (const body of [
      { action: 'ingest', documentId: row.id },
      { action: 'retry-upload', documentId: row.id, name: 'x.txt', sizeBytes: 3 },
      { action: 'delete', documentId: row.id },
    ]) {
      const answer = await call(cast.otherOwner, body);
      expect(answer.status).toBe(404);
      expect(answer.body.error?.code).toBe('document_not_found');
    }
    expect((await document(row.id))?.status).toBe('uploading');
  });

  it('my own document named with another agent is not found', async () => {
    const row = (await startUpload(cast.owner, agentA.id)).body.document!;
    const answer = await call(cast.owner, { action: 'ingest', documentId: row.id, agentId: agentB.id });
    expect(answer.status).toBe(404);
    expect((await document(row.id))?.status).toBe('uploading');
  });

  it('a visitor cannot start an upload', async () => {
    expect((await startUpload('anon', agentA.id)).status).toBe(401);
  });

  it('refuses what the browser announces before any byte goes up, with a clear 4xx and no row', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: 'photo.png', sizeBytes: 10 }, 415, 'unsupported_file_type'],
      [{ name: 'big.pdf', sizeBytes: 10 * 1024 * 1024 + 1 }, 413, 'file_too_large'],
      [{ name: 'empty.txt', sizeBytes: 0 }, 400, 'empty_file'],
      [{ name: 'hours.txt' }, 400, 'invalid_request'],
      [{ name: 'hours.txt', sizeBytes: 1.5 }, 400, 'invalid_request'],
    ];
    for (const [claim, status, code] of cases) {
      const answer = await call(cast.owner, { action: 'upload', agentId: agentA.id, ...claim });
      expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
    }
    const both = await call(cast.owner, { action: 'ingest', documentId: crypto.randomUUID(), storagePath: 'a/b/c' });
    expect(both.status).toBe(400);
    const { data } = await cast.service
      .from('knowledge_documents')
      .select('id')
      .eq('agent_id', agentA.id)
      .in('name', ['photo.png', 'big.pdf', 'empty.txt']);
    expect(data).toEqual([]);
  });

  it('an upload whose file is not there yet stays uploading (404), and a refused file leaves nothing', async () => {
    const row = (await startUpload(cast.owner, agentA.id, 'menu.pdf', 20)).body.document!;
    const early = await call(cast.owner, { action: 'ingest', documentId: row.id });
    expect(early.status).toBe(404);
    expect((await document(row.id))?.status).toBe('uploading');
    // Text bytes under a .pdf name: refused, the file and its row removed.
    await put(cast.owner, row.storage_path!, 'not a pdf at all', 'application/pdf');
    const refused = await call(cast.owner, { action: 'ingest', documentId: row.id });
    expect(refused.status).toBe(415);
    expect(refused.body.error?.code).toBe('file_content_mismatch');
    expect(await document(row.id)).toBeNull();
    const { data } = await cast.service.storage.from('knowledge').download(row.storage_path!);
    expect(data).toBeNull();
  });

  it('an interrupted upload takes its file again into the same document and becomes ready', async () => {
    const row = (await startUpload(cast.owner, agentA.id)).body.document!;
    await put(cast.owner, row.storage_path!, TEXT.slice(0, 10));
    await cast.owner.client.rpc('interrupt_knowledge_uploads', { abandoned: [row.id] });
    // Cut short: nothing to process again, and the function will not take it as an upload either.
    expect((await call(cast.owner, { action: 'ingest', documentId: row.id })).body.error?.code).toBe(
      'upload_not_pending',
    );

    const retried = await call(cast.owner, {
      action: 'retry-upload',
      documentId: row.id,
      name: 'hours.txt',
      sizeBytes: TEXT.length,
      contentType: 'text/plain',
    });
    expect(retried.status).toBe(200);
    const again = retried.body.document!;
    expect(again).toMatchObject({ id: row.id, status: 'uploading', error: null, error_code: null, progress: 0 });
    expect(again.storage_path).not.toBe(row.storage_path);
    // The partial file is gone.
    expect((await cast.service.storage.from('knowledge').download(row.storage_path!)).data).toBeNull();

    await put(cast.owner, again.storage_path!, TEXT);
    const ingested = await call(cast.owner, { action: 'ingest', documentId: row.id });
    expect(ingested.body.document).toMatchObject({ id: row.id, status: 'uploaded' });
  });

  it('only a failed document can take a new file', async () => {
    const ready = await readyRow(cast.owner, agentA.id);
    const uploading = (await startUpload(cast.owner, agentA.id)).body.document!;
    for (const id of [ready.id, uploading.id]) {
      const answer = await call(cast.owner, { action: 'retry-upload', documentId: id, name: 'a.txt', sizeBytes: 5 });
      expect(answer.status).toBe(409);
      expect(answer.body.error?.code).toBe('upload_not_retryable');
    }
    expect((await document(ready.id))?.status).toBe('uploaded');
  });

  it('an upload on its way cannot be processed again as a stored file', async () => {
    const row = (await startUpload(cast.owner, agentA.id)).body.document!;
    const answer = await call(cast.owner, { action: 'reingest', documentId: row.id });
    expect(answer.status).toBe(409);
    expect(answer.body.error?.code).toBe('no_file');
    expect((await document(row.id))?.status).toBe('uploading');
  });
});
