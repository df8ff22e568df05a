import { useCallback, useEffect, useRef, useState } from 'react';
import { transcribeAudio } from '../api/transcribe.ts';
import { pickRecordingFormat, toAudioDataUrl, type RecordingErrorKey, type RecordingPhase } from './voiceMessage.ts';

/**
 * The microphone button's state machine. `onText` receives the transcription,
 * which the chat sends as a message. The microphone is released as soon as recording stops and when
 * the page is left.
 */
export function useVoiceMessage(options: { language: string; onText: (text: string) => Promise<unknown> | void }) {
  const [phase, setPhase] = useState<RecordingPhase>('idle');
  const [error, setError] = useState<RecordingErrorKey | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const release = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  useEffect(
    () => () => {
      const recorder = recorderRef.current;
      if (recorder) recorder.ondataavailable = null;
      if (recorder?.state === 'recording') recorder.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    setError(null);
    const format = pickRecordingFormat(
      typeof MediaRecorder === 'undefined' ? undefined : (type) => MediaRecorder.isTypeSupported(type),
    );
    if (!format) {
      setError('sandbox:recording.noFormat');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      streamRef.current = stream;
      const recorder = new MediaRecorder(stream, { mimeType: format });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        release();
        recorderRef.current = null;
        void (async () => {
          setPhase('transcribing');
          try {
            const blob = new Blob(chunks, { type: recorder.mimeType || format });
            if (blob.size === 0) throw new Error('empty recording');
            const text = await transcribeAudio(await toAudioDataUrl(blob, format), optionsRef.current.language);
            if (text.trim() === '') throw new Error('empty transcription');
            setPhase('idle');
            await optionsRef.current.onText(text.trim());
          } catch (failure) {
            console.warn('[sandbox] voice message not transcribed:', failure);
            setError('sandbox:recording.processFailed');
            setPhase('idle');
          }
        })();
      };
      recorder.start();
      recorderRef.current = recorder;
      setPhase('recording');
    } catch (failure) {
      console.warn('[sandbox] recording not started:', failure);
      release();
      setError('sandbox:recording.startFailed');
      setPhase('idle');
    }
  }, [release]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder?.state === 'recording') recorder.stop();
  }, []);

  return { phase, error, start, stop };
}
