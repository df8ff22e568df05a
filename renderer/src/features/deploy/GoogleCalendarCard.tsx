import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppError } from '../../errors/appError.ts';
import { toastError } from '../../components/toaster.ts';
import {
  startCalendarConnection,
  useCalendarStatusQuery,
  useDisconnectCalendarMutation,
} from './api/googleCalendar.ts';
import { calendarRedirectUri, goToUrl, rememberCalendarAgent } from './connection.ts';
import { DeployCard } from './components/DeployCard.tsx';

function toggleError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError({
    source: 'app',
    code: 'calendar_toggle_failed',
    message: String(error),
    messageKey: 'calendar:errors.toggleFailed',
  });
}

/** The Google Calendar information dialog ("calendar info"). */
function CalendarInfoDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('calendar');
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('dialog.title')} icon="calendar">
      <DialogBody>
        <p>{t('dialog.intro')}</p>
        <ul>
          <li>{t('dialog.sync')}</li>
          <li>{t('dialog.availability')}</li>
          <li>{t('dialog.privacy')}</li>
          <li>{t('dialog.disconnect')}</li>
        </ul>
      </DialogBody>
      <DialogFooter actions={<Button text={t('dialog.close')} onClick={onClose} />} />
    </Dialog>
  );
}

/**
 * Deploy option "Google Calendar": switching on sends the owner to
 * Google's consent page (the agent id waits in sessionStorage for /auth/google/callback),
 * switching off disconnects. Any failure shows the calendar toggle failure toast.
 */
export function GoogleCalendarCard({ agentId }: { agentId: string }) {
  const { t } = useTranslation('calendar');
  const { t: tAny } = useTranslation();
  const status = useCalendarStatusQuery(agentId);
  const disconnect = useDisconnectCalendarMutation(agentId);
  const [connecting, setConnecting] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const configured = status.data?.configured ?? false;
  const connected = status.data?.connected ?? false;
  const busy = connecting || disconnect.isPending;

  const toggle = async (on: boolean) => {
    try {
      if (on) {
        const redirectUri = calendarRedirectUri(window.location.origin);
        if (!redirectUri) throw new Error('the console has no http(s) address for Google to return to');
        setConnecting(true);
        const url = await startCalendarConnection(agentId, redirectUri);
        rememberCalendarAgent(agentId);
        goToUrl(url);
      } else {
        await disconnect.mutateAsync();
      }
    } catch (error) {
      setConnecting(false);
      toastError(toggleError(error), tAny);
    }
  };

  const notice = status.isError ? (
    <Callout intent={Intent.DANGER} icon="error" compact>
      {t('errors.statusFailed')}
    </Callout>
  ) : status.isSuccess && !configured ? (
    <Callout intent={Intent.WARNING} icon="warning-sign" compact>
      {t('card.notConfigured')}
    </Callout>
  ) : null;

  return (
    <>
      <DeployCard
        icon="calendar"
        testId="google-calendar-card"
        title={t('card.title')}
        description={t('card.description')}
        status={
          status.isSuccess && configured
            ? {
                label: connected ? t('card.connected') : t('card.disconnected'),
                intent: connected ? Intent.SUCCESS : Intent.NONE,
              }
            : undefined
        }
        control={
          <Button
            variant="minimal"
            icon="info-sign"
            aria-label={t('card.info')}
            title={t('card.info')}
            onClick={() => setInfoOpen(true)}
          />
        }
        footer={
          <Switch
            label={t('card.toggle')}
            checked={connected}
            disabled={!status.isSuccess || !configured || busy}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
        }
      >
        {notice}
      </DeployCard>
      <CalendarInfoDialog isOpen={infoOpen} onClose={() => setInfoOpen(false)} />
    </>
  );
}
