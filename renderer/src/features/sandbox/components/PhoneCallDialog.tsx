import { Button, Card, Classes, Dialog, DialogBody, H4, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PhoneCall } from '../phone/phoneCall.ts';
import { useCallSeconds, useCallerListening, usePhoneCallState } from '../phone/usePhoneCall.ts';
import { PhoneCallView } from './PhoneCallView.tsx';
import { MinutesCostNote } from './SideCards.tsx';

/** Next to the Voice Call card: hear the phone experience before buying a number. */
export function PhoneCallCard({ onCall, busy }: { onCall: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Card className="sandbox-card" data-testid="sandbox-phone-card">
      <H4>{t('sandbox:phone.title')}</H4>
      <p className={Classes.TEXT_MUTED}>{t('sandbox:phone.body')}</p>
      <MinutesCostNote testId="sandbox-phone-cost" />
      <Button
        icon="mobile-phone"
        intent={Intent.PRIMARY}
        variant="outlined"
        fill
        text={t('sandbox:phone.call')}
        disabled={busy}
        onClick={onCall}
        data-testid="sandbox-phone-call"
      />
    </Card>
  );
}

/** The call in a dialog; closing it hangs up. */
export function PhoneCallDialog({
  call,
  agentName,
  voiced,
  onClose,
}: {
  call: PhoneCall;
  agentName: string;
  voiced: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const state = usePhoneCallState(call);
  const listening = useCallerListening(call, state);
  const seconds = useCallSeconds(state);
  const close = () => {
    call.hangUp();
    onClose();
  };
  return (
    <Dialog
      isOpen
      title={t('sandbox:phone.dialogTitle', { name: agentName })}
      icon="phone"
      onClose={close}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <PhoneCallView
          state={state}
          seconds={seconds}
          listening={listening}
          voiced={voiced}
          onSay={(text) => call.say(text)}
          onPress={(digit) => call.press(digit)}
          onHangUp={() => call.hangUp()}
          onClose={close}
        />
      </DialogBody>
    </Dialog>
  );
}
