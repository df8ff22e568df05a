import type { ToastProps } from '@blueprintjs/core';
import { describe, expect, it } from 'vitest';
import { createSingleToaster, singleToastKey, type ToasterLike } from './toastPolicy.ts';

/** Mimics Blueprint's keyed behaviour: show() with an existing key updates that toast. */
function fakeToaster() {
  const toasts = new Map<string, ToastProps>();
  let next = 0;
  const toaster: ToasterLike = {
    show(props, key) {
      const k = key ?? `toast-${next++}`;
      toasts.set(k, props);
      return k;
    },
    clear: () => toasts.clear(),
  };
  return { toaster, toasts };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('one toast at a time', () => {
  it('replaces the visible toast instead of stacking', async () => {
    const { toaster, toasts } = fakeToaster();
    const single = createSingleToaster(async () => toaster);
    single.show({ message: 'first' });
    single.show({ message: 'second' });
    single.show({ message: 'third' });
    await flush();
    expect(toasts.size).toBe(1);
    expect([...toasts.values()][0]?.message).toBe('third');
    expect([...toasts.keys()][0]).toMatch(new RegExp(`^${singleToastKey}-`));
  });

  it('gives toasts a finite timeout unless the caller chooses one', async () => {
    const { toaster, toasts } = fakeToaster();
    const single = createSingleToaster(async () => toaster);
    single.show({ message: 'a' });
    await flush();
    expect([...toasts.values()][0]?.timeout).toBeGreaterThan(0);
    single.show({ message: 'b', timeout: 0 });
    await flush();
    expect([...toasts.values()][0]?.timeout).toBe(0);
  });

  it('clears the toast', async () => {
    const { toaster, toasts } = fakeToaster();
    const single = createSingleToaster(async () => toaster);
    single.show({ message: 'a' });
    await flush();
    single.clear();
    await flush();
    expect(toasts.size).toBe(0);
  });
});
