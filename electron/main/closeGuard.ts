import type { LeavePrompt, UnsavedChanges } from '../shared/ipc-contract.ts';

/**
 * Never lose unsaved work when the desktop window closes or reloads.
 *
 * The console's editors cancel `beforeunload` while they hold unsaved edits. In a browser that
 * shows the browser's own prompt; Electron shows nothing and simply keeps the window open
 * (`will-prevent-unload`). So the renderer tells main, through the typed IPC contract, that it is
 * dirty and how to word the question in the user's language; when the page then refuses to unload,
 * main asks with a native dialog and lets the unload go on if the user chooses to leave.
 *
 * No Electron import here: the window wiring is in index.ts, so this module is unit-tested as is.
 */

/** Used when the page refuses to unload before it told us its wording (a race at start-up). */
export const FALLBACK_LEAVE_PROMPT: LeavePrompt = {
  title: 'Unsaved changes',
  message: 'You have unsaved changes. Leave and lose them?',
  leave: 'Leave',
  stay: 'Stay',
};

/** The part of Electron's `will-prevent-unload` event the guard uses. */
export interface UnloadEvent {
  preventDefault(): void;
}

export interface CloseGuardDeps {
  /** Asks the question synchronously (Electron decides the unload in the event handler); true = leave. */
  confirmLeave(prompt: LeavePrompt): boolean;
}

export interface CloseGuard {
  /** What the page of this webContents last reported. */
  set(webContentsId: number, state: UnsavedChanges): void;
  isDirty(webContentsId: number): boolean;
  /** The page cancelled its unload (close, reload, quit): ask, and let it unload if the user leaves. */
  onWillPreventUnload(webContentsId: number, event: UnloadEvent): void;
  /** The window is gone. */
  forget(webContentsId: number): void;
}

export function createCloseGuard(deps: CloseGuardDeps): CloseGuard {
  const states = new Map<number, UnsavedChanges>();
  return {
    set(id, state) {
      states.set(id, state);
    },
    isDirty(id) {
      return states.get(id)?.dirty === true;
    },
    onWillPreventUnload(id, event) {
      // Ask even when the page has not reported dirty yet: it refused to unload, so it holds edits.
      const prompt = states.get(id)?.prompt ?? FALLBACK_LEAVE_PROMPT;
      if (!deps.confirmLeave(prompt)) return;
      // Leaving: the edits are given up, so a second unload (quit after close) does not ask again.
      states.delete(id);
      event.preventDefault();
    },
    forget(id) {
      states.delete(id);
    },
  };
}

/** The buttons of the native dialog: leave first (index 0), stay as the cancel/escape answer. */
export function leaveDialogOptions(prompt: LeavePrompt) {
  return {
    type: 'question' as const,
    buttons: [prompt.leave, prompt.stay],
    defaultId: 1,
    cancelId: 1,
    title: prompt.title,
    message: prompt.message,
    noLink: true,
  };
}
