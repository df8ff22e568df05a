import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningStack } from '../../../supabase/local/index.ts';
import { binaryPayload, clientFor, raw, signedInUser, startFixtureStack, type TestUser } from './helpers.ts';

/**
 * Buckets (CRUD, the config.toml declared bucket), per-bucket size and MIME limits, the global
 * limit, and public buckets.
 */
let stack: RunningStack;
let user: TestUser;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startFixtureStack();
  user = await signedInUser(stack);
  anon = clientFor(stack, stack.anonKey);
  service = clientFor(stack, stack.serviceRoleKey);
});

afterAll(async () => {
  await stack?.stop();
});

describe('bucket management', () => {
  it('the service role creates, reads, updates, empties and deletes a bucket', async () => {
    const created = await service.storage.createBucket('docs', {
      public: false,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['application/pdf'],
    });
    expect(created).toEqual({ data: { name: 'docs' }, error: null });

    const fetched = await service.storage.getBucket('docs');
    expect(fetched.error).toBeNull();
    expect(fetched.data).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['application/pdf'],
      type: 'STANDARD',
    });
    expect(fetched.data!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const updated = await service.storage.updateBucket('docs', { public: true, allowedMimeTypes: ['text/*'] });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    const after = await service.storage.getBucket('docs');
    expect(after.data).toMatchObject({ public: true, file_size_limit: 1024 * 1024, allowed_mime_types: ['text/*'] });

    await service.storage.from('docs').upload('a.txt', 'a', { contentType: 'text/plain' });
    const notEmpty = await service.storage.deleteBucket('docs');
    expect(notEmpty.error).toMatchObject({ status: 400, statusCode: '409' });

    const emptied = await service.storage.emptyBucket('docs');
    expect(emptied.error).toBeNull();
    expect((await service.storage.from('docs').list()).data).toEqual([]);

    expect(await service.storage.deleteBucket('docs')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    });
    const gone = await service.storage.getBucket('docs');
    expect(gone.error).toMatchObject({ status: 400, statusCode: '404' });
  });

  it('refuses a duplicate bucket (statusCode 409) and invalid names (400)', async () => {
    const duplicate = await service.storage.createBucket('avatars');
    expect(duplicate.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    const response = await raw(stack, '/bucket', {
      method: 'POST',
      token: stack.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '../escape' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidBucketName' });
  });

  it('a signed-in user cannot create, change or delete buckets (no policy allows it)', async () => {
    const created = await user.client.storage.createBucket('mine');
    expect(created.error).toMatchObject({ status: 400, statusCode: '403' });
    const updated = await user.client.storage.updateBucket('avatars', { public: true });
    expect(updated.error).toMatchObject({ statusCode: '404' });
    // RLS hides the row from the DELETE, so the bucket is "not found" for this user.
    const deleted = await user.client.storage.deleteBucket('declared');
    expect(deleted.error).toMatchObject({ statusCode: '404' });
    expect((await service.storage.getBucket('declared')).error).toBeNull();
    expect((await service.storage.getBucket('avatars')).data!.public).toBe(false);
  });

  it('listBuckets follows storage.buckets policies: users see them, anon sees none', async () => {
    const forUser = await user.client.storage.listBuckets();
    expect(forUser.data!.map((b) => b.id)).toEqual(
      expect.arrayContaining(['avatars', 'public-assets', 'thumbs', 'declared']),
    );
    const forAnon = await anon.storage.listBuckets();
    expect(forAnon).toEqual({ data: [], error: null });
    const limited = await service.storage.listBuckets({ limit: 2, sortColumn: 'id', sortOrder: 'desc' });
    expect(limited.data!.map((b) => b.id)).toEqual(['thumbs', 'public-assets']);
  });

  it('creates the buckets declared in config.toml at start', async () => {
    const { data } = await service.storage.getBucket('declared');
    expect(data).toMatchObject({ public: false, file_size_limit: 2048, allowed_mime_types: ['text/plain'] });
  });
});

describe('upload limits', () => {
  const thumbs = () => user.client.storage.from('thumbs');

  it('accepts a small image in the 1 KB image-only bucket', async () => {
    const { error } = await thumbs().upload(`${user.id}/ok.png`, new Blob([binaryPayload(900)], { type: 'image/png' }));
    expect(error).toBeNull();
  });

  it('refuses a file over the bucket limit: EntityTooLarge (statusCode 413), nothing stored', async () => {
    const blob = await thumbs().upload(`${user.id}/big.png`, new Blob([binaryPayload(2048)], { type: 'image/png' }));
    expect(blob.error).toMatchObject({
      status: 400,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const rawBody = await thumbs().upload(`${user.id}/big-raw.png`, binaryPayload(1025), { contentType: 'image/png' });
    expect(rawBody.error).toMatchObject({ statusCode: '413' });
    expect((await thumbs().exists(`${user.id}/big.png`)).data).toBe(false);
    expect((await thumbs().exists(`${user.id}/big-raw.png`)).data).toBe(false);
  });

  it('refuses a streamed body that grows past the limit without a Content-Length', async () => {
    const chunks = [binaryPayload(600), binaryPayload(600)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const response = await raw(stack, `/object/thumbs/${user.id}/stream.png`, {
      method: 'POST',
      token: user.token,
      headers: { 'content-type': 'image/png' },
      body: stream,
      duplex: 'half',
    } as RequestInit & { token: string });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('refuses a MIME type outside image/*: InvalidMimeType (statusCode 415)', async () => {
    const { error } = await thumbs().upload(`${user.id}/note.txt`, 'text', { contentType: 'text/plain' });
    expect(error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain is not supported' });
    const declared = await service.storage
      .from('declared')
      .upload('ok.txt', 'fine', { contentType: 'text/plain;charset=UTF-8' });
    expect(declared.error).toBeNull();
  });

  it('enforces the global [storage] file_size_limit on buckets without their own', async () => {
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 1);
    const { error } = await user.client.storage.from('avatars').upload(`${user.id}/huge.bin`, tooBig);
    expect(error).toMatchObject({ statusCode: '413' });
  });
});

describe('public buckets', () => {
  it('serves public-bucket files to anyone at the public URL, without RLS', async () => {
    const path = `${user.id}/logo.svg`;
    const uploaded = await user.client.storage
      .from('public-assets')
      .upload(path, '<svg/>', { contentType: 'image/svg+xml' });
    expect(uploaded.error).toBeNull();
    const { data } = anon.storage.from('public-assets').getPublicUrl(path);
    expect(data.publicUrl).toBe(`${stack.url}/storage/v1/object/public/public-assets/${path}`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe('<svg/>');

    const download = anon.storage.from('public-assets').getPublicUrl(path, { download: 'logo.svg' });
    expect((await fetch(download.data.publicUrl)).headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('answers info and HEAD on public URLs without auth, for public buckets only', async () => {
    const path = `${user.id}/info.txt`;
    await user.client.storage.from('public-assets').upload(path, 'info', { contentType: 'text/plain' });
    const info = await raw(stack, `/object/info/public/public-assets/${path}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      name: path,
      bucket_id: 'public-assets',
      size: 4,
      content_type: 'text/plain',
    });
    const head = await fetch(`${stack.url}/storage/v1/object/public/public-assets/${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('4');
    await user.client.storage.from('avatars').upload(`${user.id}/hidden.txt`, 'hidden');
    const privateInfo = await raw(stack, `/object/info/public/avatars/${user.id}/hidden.txt`);
    expect(await privateInfo.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('serves the original image for transform URLs (no imgproxy locally)', async () => {
    const path = `${user.id}/pic.png`;
    const bytes = binaryPayload(500);
    await user.client.storage.from('public-assets').upload(path, new Blob([bytes], { type: 'image/png' }));
    const { data } = anon.storage.from('public-assets').getPublicUrl(path, { transform: { width: 50 } });
    expect(data.publicUrl).toContain('/render/image/public/');
    const response = await fetch(data.publicUrl);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    const downloaded = await user.client.storage.from('public-assets').download(path, { transform: { width: 50 } });
    expect(downloaded.error).toBeNull();
    expect(downloaded.data!.size).toBe(500);
  });

  it('does not serve private-bucket files at a public URL (NoSuchBucket)', async () => {
    const path = `${user.id}/private.txt`;
    await user.client.storage.from('avatars').upload(path, 'private');
    const { data } = anon.storage.from('avatars').getPublicUrl(path);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });

  it('only the uploader may replace a public asset', async () => {
    const path = `${user.id}/shared.txt`;
    await user.client.storage.from('public-assets').upload(path, 'by user');
    const stranger = await signedInUser(stack);
    const { error } = await stranger.client.storage.from('public-assets').upload(path, 'by stranger', { upsert: true });
    expect(error).toMatchObject({ statusCode: '403' });
    const again = await user.client.storage.from('public-assets').upload(path, 'by user v2', { upsert: true });
    expect(again.error).toBeNull();
  });
});
