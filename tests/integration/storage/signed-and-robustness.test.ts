import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/index.ts';
import { signJwt } from '../../../supabase/local/core/jwt.ts';
import { binaryPayload, clientFor, raw, signedInUser, startFixtureStack, type TestUser } from './helpers.ts';

/** Signed download and upload URLs, and malformed input of every kind (always a 4xx, never a 500). */
let stack: RunningStack;
let owner: TestUser;
let other: TestUser;
let anon: SupabaseClient;

beforeAll(async () => {
  stack = await startFixtureStack();
  owner = await signedInUser(stack);
  other = await signedInUser(stack);
  anon = clientFor(stack, stack.anonKey);
  const bucket = owner.client.storage.from('avatars');
  expect((await bucket.upload(`${owner.id}/a.txt`, 'file a', { contentType: 'text/plain' })).error).toBeNull();
  expect((await bucket.upload(`${owner.id}/b.txt`, 'file b', { contentType: 'text/plain' })).error).toBeNull();
});

afterAll(async () => {
  await stack?.stop();
});

function tokenOf(signedUrl: string): string {
  return new URL(signedUrl).searchParams.get('token')!;
}

describe('signed download URLs', () => {
  it('lets anyone holding the URL download, without Authorization', async () => {
    const { data, error } = await owner.client.storage.from('avatars').createSignedUrl(`${owner.id}/a.txt`, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(
      new RegExp(`^${stack.url}/storage/v1/object/sign/avatars/${owner.id}/a.txt\\?token=`),
    );
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('file a');

    const withDownload = await owner.client.storage
      .from('avatars')
      .createSignedUrl(`${owner.id}/a.txt`, 60, { download: true });
    expect((await fetch(withDownload.data!.signedUrl)).headers.get('content-disposition')).toMatch(
      /^attachment; filename="a.txt"/,
    );
  });

  it('signs a batch, reporting paths the caller cannot see', async () => {
    const { data, error } = await owner.client.storage
      .from('avatars')
      .createSignedUrls([`${owner.id}/a.txt`, `${owner.id}/missing.txt`], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ error: null, path: `${owner.id}/a.txt` });
    expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('file a');
    expect(data![1]).toMatchObject({
      error: 'Either the object does not exist or you do not have access to it',
      path: `${owner.id}/missing.txt`,
      signedUrl: null,
    });
  });

  it('refuses a token used for another object (InvalidSignature)', async () => {
    const { data } = await owner.client.storage.from('avatars').createSignedUrl(`${owner.id}/a.txt`, 60);
    const response = await raw(stack, `/object/sign/avatars/${owner.id}/b.txt?token=${tokenOf(data!.signedUrl)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
  });

  it('refuses a tampered token (InvalidSignature)', async () => {
    const { data } = await owner.client.storage.from('avatars').createSignedUrl(`${owner.id}/a.txt`, 60);
    const [header, , signature] = tokenOf(data!.signedUrl).split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ url: `avatars/${owner.id}/b.txt`, scope: 'download', exp: 4102444800 }),
    ).toString('base64url');
    const forged = await raw(
      stack,
      `/object/sign/avatars/${owner.id}/b.txt?token=${header}.${forgedPayload}.${signature}`,
    );
    expect(await forged.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });
    const foreignKey = await signJwt(
      { url: `avatars/${owner.id}/a.txt`, scope: 'download' },
      'another-secret-that-is-at-least-32-chars!',
      60,
    );
    const wrongKey = await raw(stack, `/object/sign/avatars/${owner.id}/a.txt?token=${foreignKey}`);
    expect(await wrongKey.json()).toMatchObject({ code: 'InvalidSignature' });
    const garbage = await raw(stack, `/object/sign/avatars/${owner.id}/a.txt?token=not-a-jwt`);
    expect(garbage.status).toBe(400);
  });

  it('refuses an expired token (ExpiredToken)', async () => {
    const expired = await signJwt(
      { url: `avatars/${owner.id}/a.txt`, scope: 'download', exp: Math.floor(Date.now() / 1000) - 5 },
      stack.config.jwtSecret,
    );
    const response = await raw(stack, `/object/sign/avatars/${owner.id}/a.txt?token=${expired}`);
    expect(await response.json()).toEqual({
      statusCode: '400',
      code: 'ExpiredToken',
      error: 'ExpiredToken',
      message: 'The provided token has expired.',
    });

    const { data } = await owner.client.storage.from('avatars').createSignedUrl(`${owner.id}/a.txt`, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await (await fetch(data!.signedUrl)).json()).toMatchObject({ code: 'ExpiredToken' });
  });

  it('refuses an upload token for downloads and a download token for uploads', async () => {
    const upload = await owner.client.storage
      .from('avatars')
      .createSignedUploadUrl(`${owner.id}/a.txt`, { upsert: true });
    const asDownload = await raw(stack, `/object/sign/avatars/${owner.id}/a.txt?token=${upload.data!.token}`);
    expect(await asDownload.json()).toMatchObject({ code: 'InvalidSignature' });
    const download = await owner.client.storage.from('avatars').createSignedUrl(`${owner.id}/a.txt`, 60);
    const asUpload = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${owner.id}/a.txt`, tokenOf(download.data!.signedUrl), 'hijack');
    expect(asUpload.error).toMatchObject({ statusCode: '400' });
    expect(await (await owner.client.storage.from('avatars').download(`${owner.id}/a.txt`)).data!.text()).toBe(
      'file a',
    );
  });
});

describe('signed upload URLs', () => {
  it('lets the holder of the token upload once to that exact path, owned by the signer', async () => {
    const path = `${owner.id}/via-token.bin`;
    const created = await owner.client.storage.from('avatars').createSignedUploadUrl(path);
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ path });
    expect(created.data!.signedUrl).toContain(`/storage/v1/object/upload/sign/avatars/${path}?token=`);

    const payload = binaryPayload(5000);
    const uploaded = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(path, created.data!.token, new Blob([payload]));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toMatchObject({ path, fullPath: `avatars/${path}` });
    const { data } = await owner.client.storage.from('avatars').download(path);
    expect(Buffer.from(await data!.arrayBuffer()).equals(Buffer.from(payload))).toBe(true);
    const row = await stack.db.query<{ owner_id: string }>(`select owner_id from storage.objects where name = $1`, [
      path,
    ]);
    expect(row.rows[0]!.owner_id).toBe(owner.id);

    const again = await anon.storage.from('avatars').uploadToSignedUrl(path, created.data!.token, 'second');
    expect(again.error).toMatchObject({ statusCode: '409' });
    const elsewhere = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(`${owner.id}/other.bin`, created.data!.token, 'x');
    expect(elsewhere.error).toMatchObject({ statusCode: '400' });
  });

  it('an upsert token replaces an existing file', async () => {
    const path = `${owner.id}/b.txt`;
    const created = await owner.client.storage.from('avatars').createSignedUploadUrl(path, { upsert: true });
    const uploaded = await anon.storage
      .from('avatars')
      .uploadToSignedUrl(path, created.data!.token, 'replaced', { contentType: 'text/plain' });
    expect(uploaded.error).toBeNull();
    expect(await (await owner.client.storage.from('avatars').download(path)).data!.text()).toBe('replaced');
  });

  it('cannot be created for a path the caller may not write', async () => {
    const denied = await other.client.storage.from('avatars').createSignedUploadUrl(`${owner.id}/sneaky.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403' });
    const anonDenied = await anon.storage.from('avatars').createSignedUploadUrl(`${owner.id}/sneaky.txt`);
    expect(anonDenied.error).toMatchObject({ statusCode: '403' });
    const noBucket = await owner.client.storage.from('nope').createSignedUploadUrl(`${owner.id}/x.txt`);
    expect(noBucket.error).toMatchObject({ statusCode: '404' });
  });

  it('still enforces the bucket limits on the upload', async () => {
    const path = `${owner.id}/big.png`;
    const created = await owner.client.storage.from('thumbs').createSignedUploadUrl(path);
    const tooBig = await anon.storage
      .from('thumbs')
      .uploadToSignedUrl(path, created.data!.token, new Blob([binaryPayload(2000)], { type: 'image/png' }));
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const wrongType = await anon.storage
      .from('thumbs')
      .uploadToSignedUrl(path, created.data!.token, 'text', { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ statusCode: '415' });
  });
});

describe('malformed requests get a 4xx, never a 500', () => {
  it('rejects an invalid or expired JWT with InvalidJWT', async () => {
    const garbage = await raw(stack, `/object/avatars/${owner.id}/a.txt`, { token: 'not.a.jwt' });
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });
    const expired = await signJwt(
      { sub: owner.id, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 },
      stack.config.jwtSecret,
    );
    const response = await raw(stack, `/object/avatars/${owner.id}/a.txt`, { token: expired });
    expect(await response.json()).toMatchObject({ code: 'InvalidJWT', message: 'jwt expired' });
    const unknownRole = await signJwt({ sub: owner.id, role: 'wizard' }, stack.config.jwtSecret, 60);
    const roleResponse = await raw(stack, `/object/avatars/${owner.id}/a.txt`, { token: unknownRole });
    expect(roleResponse.status).toBe(400);
    expect(await roleResponse.json()).toMatchObject({ code: 'InvalidJWT' });
    const superuser = await signJwt({ role: 'postgres' }, stack.config.jwtSecret, 60);
    expect((await raw(stack, `/bucket`, { token: superuser })).status).toBe(400);
  });

  it.each([
    ['a parent-directory segment', `/object/avatars/a/%2e%2e%2Fb`],
    ['an encoded slash escape', `/object/avatars/x%2F..%2F..%2Fescape`],
    ['a NUL byte', `/object/avatars/file%00.txt`],
    ['an empty segment', `/object/avatars/a//b.txt`],
    ['a malformed escape', `/object/avatars/%E0%A4%A.txt`],
    ['a backslash', `/object/avatars/a%5C..%5Cb`],
  ])('refuses a key with %s (InvalidKey)', async (_name, path) => {
    const response = await raw(stack, path, {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' });
  });

  it('a dot-dot segment the URL parser resolves never reaches outside the bucket', async () => {
    // `/object/avatars/../escape.txt` is normalised to `/object/escape.txt`: no route, 404.
    const shallow = await raw(stack, `/object/avatars/%2E%2E/escape.txt`, {
      method: 'POST',
      token: owner.token,
      body: 'x',
    });
    expect(shallow.status).toBe(404);
    // `/object/avatars/../other/escape.txt` becomes bucket "other", which does not exist.
    const deep = await raw(stack, `/object/avatars/%2E%2E/other/escape.txt`, {
      method: 'POST',
      token: owner.token,
      body: 'x',
    });
    expect(await deep.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('refuses malformed JSON bodies and wrongly typed fields', async () => {
    const badJson = await raw(stack, '/object/list/avatars', {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(badJson.status).toBe(400);
    const badLimit = await raw(stack, '/object/list/avatars', {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ limit: 'ten' }),
    });
    expect(await badLimit.json()).toMatchObject({ statusCode: '400', code: 'InvalidParameter' });
    const badSort = await raw(stack, '/object/list/avatars', {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ sortBy: { column: 'id; drop table x' } }),
    });
    expect(badSort.status).toBe(400);
    const badPrefixes = await raw(stack, '/object/avatars', {
      method: 'DELETE',
      token: owner.token,
      body: JSON.stringify({ prefixes: 'a.txt' }),
    });
    expect(await badPrefixes.json()).toMatchObject({ code: 'InvalidParameter' });
    const badExpiry = await raw(stack, `/object/sign/avatars/${owner.id}/a.txt`, {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ expiresIn: -1 }),
    });
    expect(await badExpiry.json()).toMatchObject({ code: 'InvalidParameter' });
    const badMove = await raw(stack, '/object/move', {
      method: 'POST',
      token: owner.token,
      body: JSON.stringify({ bucketId: 'avatars' }),
    });
    expect(await badMove.json()).toMatchObject({ code: 'MissingParameter' });
    const badMetadata = await raw(stack, `/object/avatars/${owner.id}/m.txt`, {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'text/plain', 'x-metadata': Buffer.from('[1,2').toString('base64') },
      body: 'x',
    });
    expect(await badMetadata.json()).toMatchObject({ code: 'InvalidParameter' });
    const badMultipart = await raw(stack, `/object/avatars/${owner.id}/mp.txt`, {
      method: 'POST',
      token: owner.token,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: 'definitely not multipart',
    });
    expect(badMultipart.status).toBe(400);
  });

  it('refuses multipart fields that would corrupt response headers', async () => {
    const form = new FormData();
    form.append('cacheControl', '3600\r\nSet-Cookie: x=y');
    form.append('', new Blob(['x'], { type: 'text/plain' }));
    const response = await raw(stack, `/object/avatars/${owner.id}/crlf.txt`, {
      method: 'POST',
      token: owner.token,
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'InvalidParameter' });
  });

  it('refuses oversized JSON bodies', async () => {
    const huge = JSON.stringify({ prefixes: Array.from({ length: 200_000 }, (_, i) => `file-${i}.txt`) });
    const response = await raw(stack, '/object/avatars', { method: 'DELETE', token: owner.token, body: huge });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('a row written by SQL without bytes is "not found", not a crash', async () => {
    await stack.db.query(
      `insert into storage.objects (bucket_id, name, owner_id, version, metadata)
       values ('avatars', $1, $2, 'not-a-uuid', '{"mimetype": "text/plain\\nX-Evil: 1"}')`,
      [`${owner.id}/seeded.txt`, owner.id],
    );
    const { error } = await owner.client.storage.from('avatars').download(`${owner.id}/seeded.txt`);
    expect(error).toMatchObject({ status: 400, statusCode: '404' });
    const removed = await owner.client.storage.from('avatars').remove([`${owner.id}/seeded.txt`]);
    expect(removed.data).toHaveLength(1);
  });

  it('answers unknown routes and missing buckets with 4xx', async () => {
    expect((await raw(stack, '/nothing-here', { token: owner.token })).status).toBe(404);
    const noBucket = await owner.client.storage.from('no-such-bucket').upload(`${owner.id}/x.txt`, 'x');
    expect(noBucket.error).toMatchObject({ statusCode: '404' });
    expect((await raw(stack, '/object/public/no-such-bucket/x.txt')).status).toBe(400);
  });
});
