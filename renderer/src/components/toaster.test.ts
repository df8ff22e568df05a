// @vitest-environment jsdom
import { Intent, OverlayToaster } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/queryClient.ts';
import { createSingleToaster } from './toastPolicy.ts';

describe('the console toaster with real Blueprint', () => {
  it('never shows more than one toast', async () => {
    const toaster = await OverlayToaster.create({ maxToasts: 1 });
    const single = createSingleToaster(async () => toaster);
    single.show({ message: 'Saved' });
    single.show({ message: 'Failed to sign out' });
    single.show({ message: 'Failed to fetch profile' });
    await new Promise((r) => setTimeout(r, 100));
    expect(toaster.getToasts().map((t) => t.message)).toEqual(['Failed to fetch profile']);
    single.clear();
    await new Promise((r) => setTimeout(r, 100));
    expect(toaster.getToasts()).toHaveLength(0);
  });

  it('replaces a toast that is already on screen with the next one', async () => {
    const toaster = await OverlayToaster.create({ maxToasts: 1 });
    const single = createSingleToaster(async () => toaster);
    single.show({ message: 'Backup created' });
    await new Promise((r) => setTimeout(r, 150));
    expect(toaster.getToasts().map((t) => t.message)).toEqual(['Backup created']);
    single.show({ message: 'System prompt saved' });
    await new Promise((r) => setTimeout(r, 150));
    expect(toaster.getToasts().map((t) => t.message)).toEqual(['System prompt saved']);
    single.clear();
  });

  it('takes a failed save’s error toast away when the next save succeeds, and leaves other toasts', async () => {
    const toaster = await OverlayToaster.create({ maxToasts: 1 });
    const single = createSingleToaster(async () => toaster);
    const client = createQueryClient(
      (error) => single.show({ intent: Intent.DANGER, message: `Save failed: ${error.message}` }),
      () => single.succeeded(),
    );
    const save = (ok: boolean) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            if (!ok) throw new Error('offline');
            return 'saved';
          },
        })
        .execute(undefined)
        .catch(() => undefined);
    await save(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(toaster.getToasts().map((t) => t.intent)).toEqual([Intent.DANGER]);
    await save(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(toaster.getToasts()).toHaveLength(0);

    single.show({ intent: Intent.SUCCESS, message: 'Backup created' });
    await save(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(toaster.getToasts().map((t) => t.message)).toEqual(['Backup created']);
    single.clear();
  });
});
