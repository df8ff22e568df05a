import { describe, expect, it } from 'vitest';
import { pickRecordingFormat, toAudioDataUrl } from './voiceMessage.ts';

describe('sandbox voice messages', () => {
  it('records in the first supported format, and reports none when nothing is supported', () => {
    expect(pickRecordingFormat((type) => type === 'audio/mp4' || type === 'audio/webm')).toBe('audio/webm');
    expect(pickRecordingFormat((type) => type.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingFormat(() => false)).toBeNull();
    expect(pickRecordingFormat(undefined)).toBeNull();
  });

  it('encodes the recording as the data URL owner-assist accepts', async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3, 250])], { type: 'audio/webm; codecs=opus' });
    const url = await toAudioDataUrl(blob, 'audio/ogg');
    expect(url).toBe(`data:audio/webm;codecs=opus;base64,${Buffer.from([1, 2, 3, 250]).toString('base64')}`);
    // The function's own check (supabase/functions/owner-assist/tasks.ts transcribeInput).
    expect(url).toMatch(/^data:audio\/[\w.+-]+(;[\w=.+-]+)*;base64,[A-Za-z0-9+/=]+$/);
    expect(await toAudioDataUrl(new Blob([new Uint8Array([0])]), 'audio/mp4')).toBe('data:audio/mp4;base64,AA==');
  });
});
