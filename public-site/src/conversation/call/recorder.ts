/**
 * The call recording: stereo, the visitor on the left and the agent on the right,
 * chunks every second, first supported type of audio/mp4, webm/opus, webm, ogg/opus, wav.
 * Browser-only (Web Audio + MediaRecorder); the call flow receives it through CallEnvironment.
 */
export interface CallRecorder {
  /** Base MIME type of the file, as voice-session expects it (no codecs parameter). */
  readonly mimeType: string;
  start(visitor: MediaStream, agent: MediaStream): void;
  /** Stops and resolves with the whole recording once the final chunk has arrived. */
  stop(): Promise<Blob | null>;
}

const PREFERRED = ['audio/mp4', 'audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/wav'];

export function supportedRecordingType(isTypeSupported: (type: string) => boolean): string | null {
  for (const type of PREFERRED) if (isTypeSupported(type)) return type;
  return null;
}

/** Null when this browser cannot record (no MediaRecorder or no supported type). */
export function createStereoRecorder(): CallRecorder | null {
  if (typeof MediaRecorder === 'undefined' || typeof AudioContext === 'undefined') return null;
  const type = supportedRecordingType((t) => MediaRecorder.isTypeSupported(t));
  if (!type) return null;
  let context: AudioContext | null = null;
  let recorder: MediaRecorder | null = null;
  const chunks: Blob[] = [];
  return {
    mimeType: type.split(';')[0]!,
    start(visitor, agent) {
      context = new AudioContext();
      const merger = context.createChannelMerger(2);
      // Each side is mixed down to mono first, then placed on its own channel.
      context.createMediaStreamSource(visitor).connect(merger, 0, 0);
      context.createMediaStreamSource(agent).connect(merger, 0, 1);
      const destination = context.createMediaStreamDestination();
      destination.channelCount = 2;
      merger.connect(destination);
      recorder = new MediaRecorder(destination.stream, { mimeType: type });
      recorder.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      recorder.start(1000);
    },
    stop() {
      const active = recorder;
      recorder = null;
      if (!active || active.state === 'inactive') {
        void context?.close();
        return Promise.resolve(chunks.length > 0 ? new Blob(chunks, { type: type.split(';')[0] }) : null);
      }
      return new Promise((resolve) => {
        active.onstop = () => {
          void context?.close();
          resolve(chunks.length > 0 ? new Blob(chunks, { type: type.split(';')[0] }) : null);
        };
        active.stop();
      });
    },
  };
}
