import { Alert, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';
import { leavesEditor } from './unsavedChanges.ts';

/**
 * Never lose unsaved work: while `dirty`, leaving the editor asks first.
 * - a link or back/forward inside the console: react-router's blocker and this Alert;
 * - closing or reloading the browser tab: `beforeunload` (the browser asks in its own words);
 * - the desktop window: the same `beforeunload`, which Electron turns into a native dialog worded
 *   with what we tell main here (window.concierge exists only in the desktop app).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const { t, i18n } = useTranslation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => leavesEditor(dirty, currentLocation, nextLocation));

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium (and Electron's will-prevent-unload) still look at returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const desktop = window.concierge;
    if (!desktop) return;
    const prompt = {
      title: t('common:unsaved.title'),
      message: t('common:unsaved.message'),
      leave: t('common:unsaved.leave'),
      stay: t('common:unsaved.stay'),
    };
    desktop.setUnsavedChanges({ dirty, prompt }).catch((error: unknown) => {
      console.warn('could not tell the window about unsaved changes', error);
    });
    return () => {
      desktop.setUnsavedChanges({ dirty: false, prompt }).catch(() => {});
    };
  }, [dirty, t, i18n.language]);

  // Edits saved (or dropped) while the question is open: nothing is lost any more, go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return (
    <Alert
      isOpen={blocker.state === 'blocked'}
      intent={Intent.DANGER}
      icon="warning-sign"
      confirmButtonText={t('common:unsaved.leave')}
      cancelButtonText={t('common:unsaved.stay')}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      canEscapeKeyCancel
    >
      <p>
        <strong>{t('common:unsaved.title')}</strong>
      </p>
      <p>{t('common:unsaved.message')}</p>
    </Alert>
  );
}
