import { describe, expect, it, vi } from 'vitest';
import { createCloseGuard, FALLBACK_LEAVE_PROMPT, leaveDialogOptions } from './closeGuard.ts';

const french = {
  title: 'Modifications non enregistrées',
  message: 'Quitter sans enregistrer ?',
  leave: 'Quitter',
  stay: 'Rester',
};

function unloadEvent() {
  return { preventDefault: vi.fn() };
}

describe('desktop close guard', () => {
  it('closing a window whose page has unsaved edits asks in its language, and staying keeps it open', () => {
    const confirmLeave = vi.fn(() => false);
    const guard = createCloseGuard({ confirmLeave });
    guard.set(7, { dirty: true, prompt: french });
    const event = unloadEvent();
    guard.onWillPreventUnload(7, event);
    expect(confirmLeave).toHaveBeenCalledWith(french);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(guard.isDirty(7)).toBe(true);
  });

  it('choosing Leave lets the window close and does not ask again for the same edits', () => {
    const confirmLeave = vi.fn(() => true);
    const guard = createCloseGuard({ confirmLeave });
    guard.set(7, { dirty: true, prompt: french });
    const event = unloadEvent();
    guard.onWillPreventUnload(7, event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(guard.isDirty(7)).toBe(false);
  });

  it('a page that refuses to unload before reporting its wording still gets asked, in English', () => {
    const confirmLeave = vi.fn(() => false);
    const guard = createCloseGuard({ confirmLeave });
    guard.onWillPreventUnload(3, unloadEvent());
    expect(confirmLeave).toHaveBeenCalledWith(FALLBACK_LEAVE_PROMPT);
  });

  it('keeps each window to its own state and forgets closed windows', () => {
    const guard = createCloseGuard({ confirmLeave: () => false });
    guard.set(1, { dirty: true, prompt: french });
    guard.set(2, { dirty: false, prompt: french });
    expect(guard.isDirty(1)).toBe(true);
    expect(guard.isDirty(2)).toBe(false);
    guard.forget(1);
    expect(guard.isDirty(1)).toBe(false);
  });

  it('the native dialog offers Leave and Stay, with Stay as the default and the escape answer', () => {
    expect(leaveDialogOptions(french)).toMatchObject({
      buttons: ['Quitter', 'Rester'],
      defaultId: 1,
      cancelId: 1,
      title: french.title,
      message: french.message,
    });
  });
});
