import { describe, expect, it } from 'vitest';
import { audioErrorKind } from './audioErrors.ts';

describe('audio errors', () => {
  it('reads the HTTP status wavesurfer reports', () => {
    expect(audioErrorKind(new Error('Failed to fetch https://x/a.wav: 404 (Not Found)'))).toBe('notFound');
    expect(audioErrorKind(new Error('Failed to fetch https://x/a.wav: 403 (Forbidden)'))).toBe('forbidden');
    expect(audioErrorKind(new Error('Failed to fetch https://x/a.wav: 500 (Server Error)'))).toBe('load');
  });

  it('tells network from CORS by whether the browser is online', () => {
    expect(audioErrorKind(new TypeError('Failed to fetch'), true)).toBe('cors');
    expect(audioErrorKind(new TypeError('Failed to fetch'), false)).toBe('network');
  });

  it('says "network" for a network failure of the media element, as wavesurfer reports it, never "unknown"', () => {
    expect(audioErrorKind(new Error('Media error 2'))).toBe('network');
    expect(audioErrorKind(new Error('net::ERR_CONNECTION_REFUSED'))).toBe('network');
    expect(audioErrorKind(new Error('PIPELINE_ERROR_NETWORK: network error'))).toBe('network');
    expect(audioErrorKind(new DOMException('offline', 'NetworkError'))).toBe('network');
    expect(audioErrorKind(new Error('something odd'), false)).toBe('network');
    expect(audioErrorKind(new Error('Media error 3'))).toBe('load');
    expect(audioErrorKind(new Error('Media error 4'))).toBe('load');
  });

  it('maps Storage refusals, decoding failures and anything else', () => {
    expect(audioErrorKind({ status: 404, message: 'Object not found' })).toBe('notFound');
    expect(audioErrorKind({ status: 403 })).toBe('forbidden');
    expect(audioErrorKind(new DOMException('bad data', 'EncodingError'))).toBe('load');
    expect(audioErrorKind(new Error('something odd'))).toBe('unknown');
  });
});
