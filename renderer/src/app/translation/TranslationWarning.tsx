import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, NonIdealState } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { translationPolicy } from './translationDetection.ts';
import { useTranslationDetected } from './useTranslationDetected.ts';

/**
 * The 'Translation Detected' dialog over the whole console, and on the agent editors a blocked
 * page instead of the content while the translation lasts.
 */
export function TranslationWarning({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { detected, episode } = useTranslationDetected(i18n);
  // Dismissal covers the current translation only; translating again later warns again.
  const [dismissedEpisode, setDismissedEpisode] = useState(-1);
  const dismissed = dismissedEpisode === episode;
  const dismiss = () => setDismissedEpisode(episode);
  const policy = translationPolicy(pathname);

  const openSettings = () => {
    dismiss();
    navigate('/profile');
  };
  const active = detected && policy !== 'off';
  return (
    <>
      {active && policy === 'block' ? (
        <NonIdealState
          icon="translate"
          title={t('shell:translation.title')}
          description={t('shell:translation.blocked')}
          action={
            <Button intent={Intent.PRIMARY} text={t('shell:translation.languageSettings')} onClick={openSettings} />
          }
        />
      ) : (
        children
      )}
      <Dialog
        isOpen={active && !dismissed}
        title={t('shell:translation.title')}
        icon="translate"
        isCloseButtonShown={false}
        className="translation-dialog"
      >
        <DialogBody>
          <p className={Classes.RUNNING_TEXT}>{t('shell:translation.body')}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('shell:translation.dismiss')} onClick={dismiss} />
              <Button intent={Intent.PRIMARY} text={t('shell:translation.languageSettings')} onClick={openSettings} />
            </>
          }
        />
      </Dialog>
    </>
  );
}
