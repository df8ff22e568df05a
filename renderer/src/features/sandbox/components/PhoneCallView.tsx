import { Button, Callout, Classes, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toAppError } from '../../../errors/appError.ts';
import type { PhoneCallSnapshot, PhoneEndReason } from '../phone/phoneCall.ts';
import { formatCallTime, type ListeningState } from '../phone/usePhoneCall.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';
import { errorText } from '../../../errors/errorText.ts';

const END_REASON_TEXT = {
  hangup: 'sandbox:phone.endedReason.hangup',
  agent_ended: 'sandbox:phone.endedReason.agent_ended',
  transferred: 'sandbox:phone.endedReason.transferred',
  start_failed: 'sandbox:phone.endedReason.start_failed',
  unreachable: 'sandbox:phone.endedReason.unreachable',
  rejected: 'sandbox:phone.endedReason.rejected',
  dropped: 'sandbox:phone.endedReason.dropped',
} as const satisfies Record<PhoneEndReason, ConsoleKey>;

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

export interface PhoneCallViewProps {
  state: PhoneCallSnapshot;
  seconds: number;
  listening: ListeningState;
  /** The agent's words are spoken (the browser has a voice) or only shown. */
  voiced: boolean;
  onSay: (text: string) => void;
  onPress: (digit: string) => void;
  onHangUp: () => void;
  onClose: () => void;
}

/** The sandbox phone call: mode, timer, both sides' live transcript, the caller's input, End Call. */
export function PhoneCallView(props: PhoneCallViewProps) {
  const { t } = useTranslation();
  const { state } = props;
  const live = state.status === 'in_progress';
  const heading =
    state.status === 'ended'
      ? t('sandbox:phone.ended')
      : live
        ? t('sandbox:phone.inProgress')
        : t('sandbox:phone.connecting');
  return (
    <div className="sandbox-phone" data-testid="sandbox-phone" data-status={state.status}>
      <div className="sandbox-phone__bar">
        <strong data-testid="sandbox-phone-status">{heading}</strong>
        {state.status === 'connecting' ? <Spinner size={16} /> : null}
        <Tag minimal icon="phone" data-testid="sandbox-phone-mode">
          {t('sandbox:phone.modeAnyModel')}
        </Tag>
        <span className="sandbox-phone__timer" aria-label={t('sandbox:phone.timer')} data-testid="sandbox-phone-timer">
          {formatCallTime(props.seconds)}
        </span>
      </div>
      {state.voiceMode === 'natural_voice' ? (
        <Callout intent={Intent.PRIMARY} icon="info-sign" data-testid="sandbox-phone-natural-note">
          {t('sandbox:phone.naturalVoiceNote')}
        </Callout>
      ) : null}
      <Transcript state={state} />
      {state.status === 'ended' ? <Ended state={state} /> : null}
      {live ? <CallerInput {...props} /> : null}
      <div className={Classes.DIALOG_FOOTER_ACTIONS}>
        {state.status === 'ended' ? (
          <Button text={t('sandbox:phone.close')} onClick={props.onClose} data-testid="sandbox-phone-close" />
        ) : (
          <Button
            icon="phone"
            intent={Intent.DANGER}
            text={t('sandbox:phone.endCall')}
            onClick={props.onHangUp}
            data-testid="sandbox-phone-end"
          />
        )}
      </div>
    </div>
  );
}

function Transcript({ state }: { state: PhoneCallSnapshot }) {
  const { t } = useTranslation();
  if (state.lines.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{t('sandbox:phone.empty')}</p>;
  }
  return (
    <ol className="sandbox-phone__lines" aria-live="polite" data-testid="sandbox-phone-transcript">
      {state.lines.map((line) => (
        <li
          key={line.id}
          className={`sandbox-phone__line sandbox-phone__line--${line.speaker}`}
          data-testid={`sandbox-phone-${line.speaker}`}
          data-streaming={line.streaming}
        >
          <span className={Classes.TEXT_MUTED}>
            {line.speaker === 'caller' ? t('sandbox:phone.caller') : t('sandbox:phone.agent')}
          </span>
          <span className="sandbox-phone__text">
            {line.dtmf ? t('sandbox:phone.pressed', { digit: line.text }) : line.text}
          </span>
          {line.interrupted ? (
            <Tag minimal intent={Intent.WARNING} data-testid="sandbox-phone-interrupted">
              {t('sandbox:phone.interrupted')}
            </Tag>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function Ended({ state }: { state: PhoneCallSnapshot }) {
  const { t } = useTranslation();
  const reason = state.endReason ?? 'hangup';
  const error = state.error ? toAppError(state.error) : null;
  const failed = reason !== 'hangup' && reason !== 'agent_ended' && reason !== 'transferred';
  return (
    <Callout
      intent={failed ? Intent.DANGER : Intent.NONE}
      icon={failed ? 'error' : 'phone'}
      role={failed ? 'alert' : undefined}
      data-testid="sandbox-phone-ended"
      data-reason={reason}
    >
      {error ? errorText(t, error) : t(END_REASON_TEXT[reason])}{' '}
      {error?.code === 'no_credits' ? <Link to="/credits">{t('sandbox:phone.seeCredits')}</Link> : null}
    </Callout>
  );
}

function CallerInput({ state, listening, voiced, onSay, onPress }: PhoneCallViewProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [keypad, setKeypad] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    onSay(text);
    setText('');
  };
  const note =
    listening === 'listening'
      ? 'sandbox:phone.listening'
      : listening === 'failed'
        ? 'sandbox:phone.recognitionFailed'
        : 'sandbox:phone.noRecognition';
  return (
    <div className="sandbox-phone__input">
      <p className={Classes.TEXT_MUTED} data-testid="sandbox-phone-listening" data-listening={listening}>
        {t(note)} {voiced ? null : t('sandbox:phone.noVoice')}
      </p>
      {state.agentSpeaking ? (
        <Tag minimal intent={Intent.PRIMARY} icon="volume-up" data-testid="sandbox-phone-speaking">
          {t('sandbox:phone.agentSpeaking')}
        </Tag>
      ) : null}
      <form onSubmit={submit} className="sandbox-phone__form">
        <label htmlFor="sandbox-phone-say" className={Classes.LABEL}>
          {t('sandbox:phone.typeLabel')}
        </label>
        <InputGroup
          id="sandbox-phone-say"
          value={text}
          placeholder={t('sandbox:phone.typePlaceholder')}
          onValueChange={setText}
          rightElement={
            <Button type="submit" variant="minimal" icon="send-message" aria-label={t('sandbox:phone.send')} />
          }
          data-testid="sandbox-phone-say"
          autoFocus
        />
      </form>
      <Button
        variant="minimal"
        icon="grid"
        text={t('sandbox:phone.keypad')}
        active={keypad}
        onClick={() => setKeypad((v) => !v)}
        data-testid="sandbox-phone-keypad-toggle"
      />
      {keypad ? (
        <div className="sandbox-phone__keypad" role="group" aria-label={t('sandbox:phone.keypad')}>
          {KEYS.map((digit) => (
            <Button
              key={digit}
              text={digit}
              aria-label={t('sandbox:phone.key', { digit })}
              onClick={() => onPress(digit)}
              data-testid={`sandbox-phone-key-${digit}`}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
