// @vitest-environment jsdom
import { OverlayToaster } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
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
});
