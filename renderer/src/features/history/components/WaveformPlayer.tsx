import { Button, ButtonGroup, Callout, Classes, Intent, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import WaveSurfer from 'wavesurfer.js';
import { formatCallDuration } from '@contracts/history.ts';
import { RECORDING_LANE_HEIGHT } from '@contracts/recording-player.ts';
import { audioErrorKind, type AudioErrorKind } from '../audioErrors.ts';
import { AUDIO_ERROR_LABEL } from '../labels.ts';

export interface WaveformPlayerProps {
  /** Signed URL of the recording; null while it is being signed. */
  url: string | null;
  /** Signing failed (Storage refused or the object is missing). */
  signError: unknown;
  /** Asks for a fresh URL and a new player ('Réessayer'). */
  onRetry: () => void;
}

// Caller on the left channel, agent on the right (stereo, visitor left, agent right).
const channelColours = [
  { waveColor: '#2d72d2', progressColor: '#184a90' },
  { waveColor: '#29a634', progressColor: '#1c6e42' },
];

/**
 * The recording player of the call details: wavesurfer draws the waveform,
 * one row per channel when the file is stereo, and plays through a real <audio> element. Give it
 * `key={url}` so a new URL starts from a fresh state.
 */
export function WaveformPlayer({ url, signError, onRetry }: WaveformPlayerProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [error, setError] = useState<AudioErrorKind | null>(null);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [channels, setChannels] = useState(1);
  const [time, setTime] = useState({ current: 0, total: 0 });
  const [testResult, setTestResult] = useState<'ok' | AudioErrorKind | null>(null);
  const surfer = useRef<WaveSurfer | null>(null);

  useEffect(() => {
    if (!url || !container.current || !audio.current) return;
    let ws: WaveSurfer;
    try {
      ws = WaveSurfer.create({
        container: container.current,
        media: audio.current,
        url,
        // the console's CSP allows wavesurfer's own <style> by hash, which depends on this height
        height: RECORDING_LANE_HEIGHT,
        normalize: true,
        splitChannels: channelColours,
        cursorColor: '#404854',
      });
    } catch {
      // reported after the effect, like the player's own errors
      void Promise.resolve().then(() => setError('visualisation'));
      return;
    }
    surfer.current = ws;
    ws.on('decode', (duration) => {
      setChannels(ws.getDecodedData()?.numberOfChannels ?? 1);
      setTime({ current: 0, total: duration });
    });
    ws.on('ready', () => setReady(true));
    ws.on('play', () => setPlaying(true));
    ws.on('pause', () => setPlaying(false));
    ws.on('finish', () => setPlaying(false));
    ws.on('timeupdate', (current) => setTime((prev) => ({ ...prev, current })));
    ws.on('error', (cause) => setError(audioErrorKind(cause, navigator.onLine)));
    return () => {
      surfer.current = null;
      ws.destroy();
    };
  }, [url]);

  const test = async () => {
    if (!url) return;
    setTestResult(null);
    try {
      const response = await fetch(url, { headers: { Range: 'bytes=0-0' } });
      setTestResult(response.ok ? 'ok' : audioErrorKind({ status: response.status }));
    } catch (cause) {
      setTestResult(audioErrorKind(cause, navigator.onLine));
    }
  };

  const shownError = signError ? audioErrorKind(signError, navigator.onLine) : error;
  return (
    <div className="waveform-player">
      {shownError && (
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {t(AUDIO_ERROR_LABEL[shownError])}
        </Callout>
      )}
      {!ready && !shownError && <p className={Classes.TEXT_MUTED}>{t('history:calls.player.loading')}</p>}
      {channels === 2 && (
        <div className="waveform-channels">
          <Tag minimal intent={Intent.PRIMARY}>
            {t('history:calls.player.caller')}
          </Tag>
          <Tag minimal intent={Intent.SUCCESS}>
            {t('history:calls.player.agent')}
          </Tag>
        </div>
      )}
      <div
        ref={container}
        className="waveform"
        role="img"
        aria-label={t('history:calls.player.waveform')}
        data-channels={channels}
      />
      {/* The element wavesurfer plays through; kept in the page so playback is observable. */}
      <audio ref={audio} data-testid="recording-audio" preload="auto" />
      <div className="waveform-controls">
        <ButtonGroup>
          <Button
            icon={playing ? 'pause' : 'play'}
            intent={Intent.PRIMARY}
            disabled={!ready}
            text={playing ? t('history:calls.player.pause') : t('history:calls.player.play')}
            onClick={() => void surfer.current?.playPause()}
          />
          <Button icon="pulse" text={t('history:calls.player.test')} disabled={!url} onClick={() => void test()} />
          <Button icon="refresh" text={t('history:calls.player.retry')} onClick={onRetry} />
        </ButtonGroup>
        <span className={Classes.MONOSPACE_TEXT} aria-live="off">
          {formatCallDuration(time.current)} / {formatCallDuration(time.total)}
        </span>
        {testResult && (
          <Tag intent={testResult === 'ok' ? Intent.SUCCESS : Intent.DANGER} role="status">
            {testResult === 'ok' ? t('history:calls.player.testOk') : t(AUDIO_ERROR_LABEL[testResult])}
          </Tag>
        )}
      </div>
    </div>
  );
}
