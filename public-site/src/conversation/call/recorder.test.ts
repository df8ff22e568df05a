import { describe, expect, it } from 'vitest';
import { supportedRecordingType } from './recorder.ts';

describe('supportedRecordingType', () => {
  it('prefers audio/mp4, then webm/opus, webm, ogg/opus, wav', () => {
    expect(supportedRecordingType(() => true)).toBe('audio/mp4');
    expect(supportedRecordingType((t) => t.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus');
    expect(supportedRecordingType((t) => t === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus');
    expect(supportedRecordingType(() => false)).toBeNull();
  });
});
