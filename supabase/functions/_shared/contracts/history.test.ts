import { describe, expect, it } from 'vitest';
import { formatCallDuration, periodStart, recordingDownloadName, recordingExtension } from './history.ts';

describe('recording download names', () => {
  const startedAt = new Date(2026, 10, 5, 9, 7, 3);

  it('names a phone recording gsm-call-{yyyy-MM-dd-HH-mm-ss} with the file’s own extension', () => {
    expect(recordingDownloadName('gsm', startedAt, 'u/a/calls/c.wav')).toBe('gsm-call-2026-11-05-09-07-03.wav');
  });

  it('falls back to the MIME type, then to mp3 for phone and mp4 for browser calls', () => {
    expect(recordingDownloadName('voice', startedAt, 'u/a/rec', 'audio/webm;codecs=opus')).toBe(
      'voice-call-2026-11-05-09-07-03.webm',
    );
    expect(recordingExtension('gsm', null, 'audio/mpeg')).toBe('mp3');
    expect(recordingExtension('gsm', null)).toBe('mp3');
    expect(recordingExtension('voice', 'u/a/noext')).toBe('mp4');
  });
});

describe('history helpers', () => {
  it('shows durations as m:ss', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(65)).toBe('1:05');
    expect(formatCallDuration(3600)).toBe('60:00');
  });

  it('starts a period 24 hours, 7 or 30 days before now', () => {
    const now = new Date('2026-11-30T12:00:00Z');
    expect(periodStart('24h', now).toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(periodStart('7d', now).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(periodStart('30d', now).toISOString()).toBe('2026-10-31T12:00:00.000Z');
  });
});
