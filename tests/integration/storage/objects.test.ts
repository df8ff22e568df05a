import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/index.ts';
import { binaryPayload, clientFor, raw, signedInUser, startFixtureStack, type TestUser } from './helpers.ts';

/**
 * Objects through supabase-js' storage client against the fixture's `avatars` bucket, whose policy
 * lets each user manage only the folder named after their id.
 */
let stack: RunningStack;
let owner: TestUser;
let other: TestUser;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startFixtureStack();
  owner = await signedInUser(stack);
  other = await signedInUser(stack);
  anon = clientFor(stack, stack.anonKey);
  service = clientFor(stack, stack.serviceRoleKey);
});

afterAll(async () => {
  await stack?.stop();
});

async function bytesOf(blob: Blob | null): Promise<Uint8Array> {
  expect(blob).not.toBeNull();
  return new Uint8Array(await blob!.arrayBuffer());
}

describe('upload and download', () => {
  it('round-trips a binary file byte for byte (multipart Blob upload)', async () => {
    const payload = binaryPayload(70_000);
    const path = `${owner.id}/photo.bin`;
    const { data, error } = await owner.client.storage
      .from('avatars')
      .upload(path, new Blob([payload], { type: 'application/octet-stream' }));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `avatars/${path}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const download = await owner.client.storage.from('avatars').download(path);
    expect(download.error).toBeNull();
    expect(Buffer.from(await bytesOf(download.data)).equals(Buffer.from(payload))).toBe(true);
  });

  it('stores raw bodies with their content type, cache control and user metadata', async () => {
    const path = `${owner.id}/notes/hello.txt`;
    const { error } = await owner.client.storage.from('avatars').upload(path, Buffer.from('hello world'), {
      contentType: 'text/plain',
      cacheControl: '120',
      metadata: { purpose: 'greeting', n: 1 },
    });
    expect(error).toBeNull();

    const info = await owner.client.storage.from('avatars').info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'avatars',
      size: 11,
      contentType: 'text/plain',
      cacheControl: 'max-age=120',
      metadata: { purpose: 'greeting', n: 1 },
    });
    expect(info.data!.etag).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"'); // md5("hello world")

    const response = await raw(stack, `/object/avatars/${path}`, { token: owner.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(response.headers.get('cache-control')).toBe('max-age=120');
    expect(response.headers.get('etag')).toBe('"5eb63bbbe01eeed093cb22bb8f5acdc3"');
    expect(response.headers.get('content-length')).toBe('11');
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    expect(await response.text()).toBe('hello world');

    const alias = await raw(stack, `/object/authenticated/avatars/${path}`, { token: owner.token });
    expect(await alias.text()).toBe('hello world');
  });

  it('serves byte ranges with 206 and Content-Range', async () => {
    const payload = binaryPayload(1000);
    const path = `${owner.id}/range.bin`;
    await owner.client.storage.from('avatars').upload(path, payload, { contentType: 'application/octet-stream' });

    const middle = await raw(stack, `/object/avatars/${path}`, {
      token: owner.token,
      headers: { range: 'bytes=100-199' },
    });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await middle.arrayBuffer()).equals(Buffer.from(payload.slice(100, 200)))).toBe(true);

    const suffix = await raw(stack, `/object/avatars/${path}`, { token: owner.token, headers: { range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(Buffer.from(payload.slice(990)))).toBe(true);

    const beyond = await raw(stack, `/object/avatars/${path}`, {
      token: owner.token,
      headers: { range: 'bytes=5000-' },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */1000');
  });

  it('names the file in Content-Disposition when ?download is given', async () => {
    const path = `${owner.id}/report.txt`;
    await owner.client.storage.from('avatars').upload(path, 'report', { contentType: 'text/plain' });
    const named = await raw(stack, `/object/avatars/${path}?download=my%20report.txt`, { token: owner.token });
    expect(named.headers.get('content-disposition')).toContain(`filename*=UTF-8''my%20report.txt`);
    const defaulted = await raw(stack, `/object/avatars/${path}?download`, { token: owner.token });
    expect(defaulted.headers.get('content-disposition')).toMatch(/^attachment; filename="report.txt"/);
  });

  it('handles keys with spaces and non-ASCII characters end to end', async () => {
    const path = `${owner.id}/vacances été/photo 1 (copie).txt`;
    const bucket = owner.client.storage.from('avatars');
    expect((await bucket.upload(path, 'soleil', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('soleil');
    const listed = await bucket.list(`${owner.id}/vacances été`);
    expect(listed.data!.map((f) => f.name)).toEqual(['photo 1 (copie).txt']);
    const signed = await bucket.createSignedUrl(path, 60);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('soleil');
    expect((await bucket.info(path)).data).toMatchObject({ name: path, size: 6 });
  });

  it('answers exists() and HEAD for present and absent objects', async () => {
    const path = `${owner.id}/exists.txt`;
    await owner.client.storage.from('avatars').upload(path, 'x');
    expect((await owner.client.storage.from('avatars').exists(path)).data).toBe(true);
    expect((await owner.client.storage.from('avatars').exists(`${owner.id}/nope.txt`)).data).toBe(false);
    const head = await raw(stack, `/object/avatars/${path}`, { method: 'HEAD', token: owner.token });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1');
    const missing = await raw(stack, `/object/avatars/${owner.id}/nope.txt`, { method: 'HEAD', token: owner.token });
    expect(missing.status).toBe(400);
  });
});

describe('row-level security on storage.objects', () => {
  const secret = () => `${owner.id}/private.txt`;

  beforeAll(async () => {
    const { error } = await owner.client.storage
      .from('avatars')
      .upload(secret(), 'mine only', { contentType: 'text/plain' });
    expect(error).toBeNull();
  });

  it('another user cannot read my file: NoSuchKey (HTTP 400, statusCode 404)', async () => {
    const { data, error } = await other.client.storage.from('avatars').download(secret());
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '404' });
    const response = await raw(stack, `/object/avatars/${secret()}`, { token: other.token });
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('anon cannot read my file', async () => {
    const { error } = await anon.storage.from('avatars').download(secret());
    expect(error).toMatchObject({ status: 400, statusCode: '404' });
  });

  it('the service role reads everything', async () => {
    const { data, error } = await service.storage.from('avatars').download(secret());
    expect(error).toBeNull();
    expect(await data!.text()).toBe('mine only');
  });

  it('another user cannot write into my folder: AccessDenied (statusCode 403)', async () => {
    const { error } = await other.client.storage.from('avatars').upload(`${owner.id}/intruder.txt`, 'x');
    expect(error).toMatchObject({ status: 400, statusCode: '403' });
    const check = await service.storage.from('avatars').exists(`${owner.id}/intruder.txt`);
    expect(check.data).toBe(false);
  });

  it('anon cannot upload', async () => {
    const { error } = await anon.storage.from('avatars').upload(`${owner.id}/anon.txt`, 'x');
    expect(error).toMatchObject({ statusCode: '403' });
  });

  it('another user cannot overwrite my file even with upsert, and it stays intact', async () => {
    const { error } = await other.client.storage.from('avatars').upload(secret(), 'overwritten', { upsert: true });
    expect(error).toMatchObject({ statusCode: '403' });
    const { data } = await owner.client.storage.from('avatars').download(secret());
    expect(await data!.text()).toBe('mine only');
  });

  it('another user cannot remove my file: the delete returns [] and the file remains', async () => {
    const { data, error } = await other.client.storage.from('avatars').remove([secret()]);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect((await owner.client.storage.from('avatars').exists(secret())).data).toBe(true);
  });

  it('another user cannot see my file in a listing or sign a URL for it', async () => {
    const listed = await other.client.storage.from('avatars').list(owner.id);
    expect(listed.data).toEqual([]);
    const signed = await other.client.storage.from('avatars').createSignedUrl(secret(), 60);
    expect(signed.error).toMatchObject({ statusCode: '404' });
  });

  it('plain SQL cannot delete storage rows behind the API’s back', async () => {
    await expect(stack.db.query(`delete from storage.objects where bucket_id = 'avatars'`)).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe('upsert and update', () => {
  it('refuses a second upload without upsert (Duplicate, statusCode 409) and replaces with upsert', async () => {
    const path = `${owner.id}/versioned.txt`;
    const bucket = owner.client.storage.from('avatars');
    expect((await bucket.upload(path, 'v1')).error).toBeNull();
    const duplicate = await bucket.upload(path, 'v2');
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(await (await bucket.download(path)).data!.text()).toBe('v1');

    const first = await bucket.info(path);
    const upserted = await bucket.upload(path, 'version two', { upsert: true });
    expect(upserted.error).toBeNull();
    expect(upserted.data!.id).toBe(first.data!.id);
    expect(await (await bucket.download(path)).data!.text()).toBe('version two');
    const after = await bucket.info(path);
    expect(after.data!.version).not.toBe(first.data!.version);
    expect(after.data!.size).toBe(11);
  });

  it('update() replaces the content', async () => {
    const path = `${owner.id}/updated.txt`;
    const bucket = owner.client.storage.from('avatars');
    await bucket.upload(path, 'before');
    const { error } = await bucket.update(path, 'after', { contentType: 'text/markdown' });
    expect(error).toBeNull();
    const download = await raw(stack, `/object/avatars/${path}`, { token: owner.token });
    expect(download.headers.get('content-type')).toBe('text/markdown');
    expect(await download.text()).toBe('after');
  });
});

describe('list', () => {
  it('lists one level with names relative to the prefix and folders as id:null rows', async () => {
    const bucket = owner.client.storage.from('avatars');
    const base = `${owner.id}/gallery`;
    for (const name of ['b.png', 'a.png', 'sub/c.png', 'sub/deeper/d.png']) {
      expect((await bucket.upload(`${base}/${name}`, 'img', { contentType: 'image/png' })).error).toBeNull();
    }
    const { data, error } = await bucket.list(base);
    expect(error).toBeNull();
    expect(data!.map((f) => [f.name, f.id === null])).toEqual([
      ['a.png', false],
      ['b.png', false],
      ['sub', true],
    ]);
    const folder = data!.find((f) => f.name === 'sub')!;
    expect(folder).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    const file = data!.find((f) => f.name === 'a.png')!;
    expect(file.metadata).toMatchObject({ size: 3, mimetype: 'image/png' });
    expect(file.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('honours limit, offset, sort order and search', async () => {
    const bucket = owner.client.storage.from('avatars');
    const base = `${owner.id}/gallery`;
    const desc = await bucket.list(base, { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((f) => f.name)).toEqual(['sub', 'b.png', 'a.png']);
    const paged = await bucket.list(base, { limit: 1, offset: 1 });
    expect(paged.data!.map((f) => f.name)).toEqual(['b.png']);
    const searched = await bucket.list(base, { search: 'B' });
    expect(searched.data!.map((f) => f.name)).toEqual(['b.png']);
  });

  it('lists with list-v2: flat or grouped by folder, with a cursor', async () => {
    const bucket = owner.client.storage.from('avatars');
    const prefix = `${owner.id}/gallery/`;
    const flat = await bucket.listV2({ prefix });
    expect(flat.error).toBeNull();
    expect(flat.data!.objects.map((o) => o.name)).toEqual([
      `${prefix}a.png`,
      `${prefix}b.png`,
      `${prefix}sub/c.png`,
      `${prefix}sub/deeper/d.png`,
    ]);
    const grouped = await bucket.listV2({ prefix, with_delimiter: true, limit: 2 });
    expect(grouped.data!.objects.map((o) => o.name)).toEqual([`${prefix}a.png`, `${prefix}b.png`]);
    expect(grouped.data!.hasNext).toBe(true);
    const next = await bucket.listV2({ prefix, with_delimiter: true, limit: 2, cursor: grouped.data!.nextCursor! });
    expect(next.data!.folders.map((f) => f.name)).toEqual([`${prefix}sub/`]);
    expect(next.data!.hasNext).toBe(false);
  });
});

describe('remove, move and copy', () => {
  it('removes my files and returns the deleted rows', async () => {
    const bucket = owner.client.storage.from('avatars');
    await bucket.upload(`${owner.id}/trash/1.txt`, '1');
    await bucket.upload(`${owner.id}/trash/2.txt`, '2');
    const { data, error } = await bucket.remove([
      `${owner.id}/trash/1.txt`,
      `${owner.id}/trash/2.txt`,
      `${owner.id}/trash/none.txt`,
    ]);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name).sort()).toEqual([`${owner.id}/trash/1.txt`, `${owner.id}/trash/2.txt`]);
    expect(data![0]).toMatchObject({ bucket_id: 'avatars', owner_id: owner.id });
    expect((await bucket.exists(`${owner.id}/trash/1.txt`)).data).toBe(false);
  });

  it('deletes a single object with DELETE /object/{bucket}/{key}; absent or invisible is NoSuchKey', async () => {
    const path = `${owner.id}/single-delete.txt`;
    await owner.client.storage.from('avatars').upload(path, 'bye');
    const denied = await raw(stack, `/object/avatars/${path}`, { method: 'DELETE', token: other.token });
    expect(await denied.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
    const deleted = await raw(stack, `/object/avatars/${path}`, { method: 'DELETE', token: owner.token });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Successfully deleted' });
    const again = await raw(stack, `/object/avatars/${path}`, { method: 'DELETE', token: owner.token });
    expect(await again.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('moves within my folder, keeping the bytes', async () => {
    const bucket = owner.client.storage.from('avatars');
    const payload = binaryPayload(3000);
    await bucket.upload(`${owner.id}/from.bin`, payload);
    const moved = await bucket.move(`${owner.id}/from.bin`, `${owner.id}/moved/to.bin`);
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: 'Successfully moved' });
    expect((await bucket.exists(`${owner.id}/from.bin`)).data).toBe(false);
    const { data } = await bucket.download(`${owner.id}/moved/to.bin`);
    expect(Buffer.from(await bytesOf(data)).equals(Buffer.from(payload))).toBe(true);
  });

  it('cannot move my file into another user’s folder, nor move a file I cannot see', async () => {
    const bucket = owner.client.storage.from('avatars');
    await bucket.upload(`${owner.id}/stay.txt`, 'stay');
    const denied = await bucket.move(`${owner.id}/stay.txt`, `${other.id}/stolen.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403' });
    expect((await bucket.exists(`${owner.id}/stay.txt`)).data).toBe(true);
    const invisible = await other.client.storage.from('avatars').move(`${owner.id}/stay.txt`, `${other.id}/x.txt`);
    expect(invisible.error).toMatchObject({ statusCode: '404' });
  });

  it('copies a file, leaving the source in place', async () => {
    const bucket = owner.client.storage.from('avatars');
    await bucket.upload(`${owner.id}/original.txt`, 'copy me', { contentType: 'text/plain', metadata: { tag: 'o' } });
    const copied = await bucket.copy(`${owner.id}/original.txt`, `${owner.id}/copy.txt`);
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: `avatars/${owner.id}/copy.txt` });
    expect(await (await bucket.download(`${owner.id}/copy.txt`)).data!.text()).toBe('copy me');
    expect(await (await bucket.download(`${owner.id}/original.txt`)).data!.text()).toBe('copy me');
    expect((await bucket.info(`${owner.id}/copy.txt`)).data).toMatchObject({
      metadata: { tag: 'o' },
      contentType: 'text/plain',
    });
    const denied = await other.client.storage.from('avatars').copy(`${owner.id}/original.txt`, `${other.id}/copy.txt`);
    expect(denied.error).toMatchObject({ statusCode: '404' });
    const duplicate = await bucket.copy(`${owner.id}/original.txt`, `${owner.id}/copy.txt`);
    expect(duplicate.error).toMatchObject({ statusCode: '409' });
  });
});
