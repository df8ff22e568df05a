import { Button, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useVoiceMessage } from '../recording/useVoiceMessage.ts';
import type { RecordingErrorKey, RecordingPhase } from '../recording/voiceMessage.ts';

export interface MicButtonProps {
  /** The chat's send: the transcription becomes a user message. */
  send: (text: string) => Promise<boolean>;
  pending: boolean;
  language: string;
  onChange: (phase: RecordingPhase, error: RecordingErrorKey | null) => void;
  /** Offline mode: voice messages cannot be transcribed, so the button is off and says why. */
  offline?: boolean;
}

/** Record → (destructive button + waveform) → stop → transcribing → sent. */
export function MicButton({ send, pending, language, onChange, offline = false }: MicButtonProps) {
  const { t } = useTranslation();
  const { phase, error, start, stop } = useVoiceMessage({ language, onText: send });
  useEffect(() => {
    onChange(phase, error);
  }, [phase, error, onChange]);
  const recording = phase === 'recording';
  return (
    <>
      {recording ? (
        <span
          className="sandbox-wave"
          role="img"
          aria-label={t('sandbox:recording.waveform')}
          data-testid="sandbox-wave"
        >
          <span />
          <span />
          <span />
          <span />
          <span />
        </span>
      ) : null}
      <Button
        icon={recording ? 'stop' : 'microphone'}
        intent={recording ? Intent.DANGER : Intent.NONE}
        variant={recording ? 'solid' : 'minimal'}
        size="large"
        loading={phase === 'transcribing'}
        disabled={phase === 'transcribing' || (pending && !recording) || (offline && !recording)}
        aria-label={recording ? t('sandbox:recording.stop') : t('sandbox:recording.start')}
        aria-describedby={offline ? 'sandbox-mic-offline' : undefined}
        title={
          offline && !recording
            ? t('sandbox:voiceNotice.micOffline')
            : recording
              ? t('sandbox:recording.stop')
              : t('sandbox:recording.start')
        }
        onClick={() => (recording ? stop() : void start())}
        data-testid="sandbox-mic"
        data-phase={phase}
      />
    </>
  );
}
