/**
 * Voice messages in the sandbox: idle → recording → transcribing → the text is sent
 * as a chat message. Pure helpers here; the hook drives MediaRecorder. Error texts are i18n keys of
 * the `sandbox` namespace (shown under the input).
 */
export type RecordingPhase = 'idle' | 'recording' | 'transcribing';

export type RecordingErrorKey =
  'sandbox:recording.noFormat' | 'sandbox:recording.startFailed' | 'sandbox:recording.processFailed';

/** Formats in order of preference; the transcription API accepts all of them. */
export const RECORDING_FORMATS = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

/** The first format the browser can record, or null (→ 'No supported audio format found'). */
export function pickRecordingFormat(isTypeSupported: ((type: string) => boolean) | undefined): string | null {
  if (!isTypeSupported) return null;
  return RECORDING_FORMATS.find((type) => isTypeSupported(type)) ?? null;
}

/**
 * `data:audio/webm;codecs=opus;base64,…` as owner-assist's transcribe task expects. Blob types such as
 * "audio/webm; codecs=opus" (with a space) are normalised so the function's data-URL check accepts them.
 */
export async function toAudioDataUrl(blob: Blob, fallbackType: string): Promise<string> {
  const type = (blob.type || fallbackType).replace(/\s+/g, '');
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return `data:${type};base64,${btoa(binary)}`;
}
