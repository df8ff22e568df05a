import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCast, type Cast } from './support/actors.ts';

let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' });
const text = (body: string) => new Blob([body], { type: 'text/plain' });

describe('storage buckets', () => {
  it('the product buckets exist with their limits', async () => {
    const { data } = await cast.service.storage.listBuckets();
    const byId = Object.fromEntries((data ?? []).map((b) => [b.id, b]));
    expect(byId.avatars).toMatchObject({ public: true, file_size_limit: 5 * 1024 * 1024 });
    expect(byId['agent-media']).toMatchObject({ public: true });
    expect(byId.knowledge).toMatchObject({ public: false, file_size_limit: 20 * 1024 * 1024 });
    expect(byId.recordings).toMatchObject({ public: false });
    expect(byId['interaction-documents']).toMatchObject({ public: false, file_size_limit: 10 * 1024 * 1024 });
  });

  it('an owner uploads an avatar into their own folder and a visitor sees it by public URL', async () => {
    const path = `${cast.owner.id}/avatar.png`;
    expect((await cast.owner.client.storage.from('avatars').upload(path, png)).error).toBeNull();
    const url = cast.anon.storage.from('avatars').getPublicUrl(path).data.publicUrl;
    expect((await fetch(url)).status).toBe(200);
  });

  it('an owner cannot upload into another owner’s folder, and a visitor cannot upload at all', async () => {
    expect(
      (await cast.owner.client.storage.from('avatars').upload(`${cast.otherOwner.id}/avatar.png`, png)).error,
    ).not.toBeNull();
    expect((await cast.anon.storage.from('avatars').upload(`${cast.owner.id}/anon.png`, png)).error).not.toBeNull();
  });

  it('another owner cannot download or delete my knowledge files', async () => {
    const path = `${cast.owner.id}/agent-1/faq.txt`;
    expect(
      (await cast.owner.client.storage.from('knowledge').upload(path, text('Opening hours: 9-17'))).error,
    ).toBeNull();
    expect((await cast.otherOwner.client.storage.from('knowledge').download(path)).error).not.toBeNull();
    expect((await cast.anon.storage.from('knowledge').download(path)).error).not.toBeNull();
    await cast.otherOwner.client.storage.from('knowledge').remove([path]);
    const mine = await cast.owner.client.storage.from('knowledge').download(path);
    expect(await mine.data?.text()).toBe('Opening hours: 9-17');
  });

  it('a file type the bucket does not accept is refused', async () => {
    const { error } = await cast.owner.client.storage
      .from('avatars')
      .upload(`${cast.owner.id}/notes.txt`, text('not an image'));
    expect(error).not.toBeNull();
  });

  it('recordings are written by the server and read by their owner only', async () => {
    const path = `${cast.owner.id}/agent-1/call.m4a`;
    const audio = new Blob([new Uint8Array(64)], { type: 'audio/mp4' });
    expect(
      (await cast.owner.client.storage.from('recordings').upload(`${cast.owner.id}/forged.m4a`, audio)).error,
    ).not.toBeNull();
    expect((await cast.service.storage.from('recordings').upload(path, audio)).error).toBeNull();
    expect((await cast.owner.client.storage.from('recordings').download(path)).error).toBeNull();
    expect((await cast.otherOwner.client.storage.from('recordings').download(path)).error).not.toBeNull();
  });
});
