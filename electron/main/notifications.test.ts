import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Electron's Notification replaced by a recorder (the same shape as electron/smoke's stub). */
const electron = vi.hoisted(() => ({ shown: [] as unknown[], supported: true }));
vi.mock('electron', async () => {
  const { EventEmitter: Emitter } = await import('node:events');
  class Notification extends Emitter {
    static isSupported() {
      return electron.supported;
    }
    constructor(readonly options: { title: string; body: string }) {
      super();
    }
    show() {
      electron.shown.push(this);
    }
  }
  return { Notification };
});
const { createNativeNotifier } = await import('./notifications.ts');

type Shown = EventEmitter & { options: { title: string; body: string } };

describe('native notifications', () => {
  beforeEach(() => {
    electron.shown.length = 0;
    electron.supported = true;
  });

  it('shows the worded notification and, on click, hands its route to the window', () => {
    const onClick = vi.fn();
    const notifier = createNativeNotifier({ onClick });
    expect(notifier.show({ title: 'New conversation', body: 'Front desk · web chat', route: '/conversations/1' })).toBe(
      true,
    );
    const shown = electron.shown[0] as Shown;
    expect(shown.options).toMatchObject({ title: 'New conversation', body: 'Front desk · web chat' });
    expect(onClick).not.toHaveBeenCalled();
    shown.emit('click');
    expect(onClick).toHaveBeenCalledWith('/conversations/1');
  });

  it('drops notifications beyond the rate limit, and shows again once the window has passed', () => {
    let t = 0;
    const notifier = createNativeNotifier({ onClick: () => {}, limit: 2, windowMs: 1000, now: () => t });
    const n = { title: 't', body: '', route: '/calls' };
    expect([notifier.show(n), notifier.show(n), notifier.show(n)]).toEqual([true, true, false]);
    t = 999;
    expect(notifier.show(n)).toBe(false);
    t = 1000;
    expect(notifier.show(n)).toBe(true);
    expect(electron.shown).toHaveLength(3);
  });

  it('reports false where the OS has no notifications', () => {
    electron.supported = false;
    expect(createNativeNotifier({ onClick: () => {} }).show({ title: 't', body: '', route: '/credits' })).toBe(false);
    expect(electron.shown).toHaveLength(0);
  });
});
