import { describe, expect, it } from 'vitest';
import { voiceNotice } from './voiceNotice.ts';

describe('voiceNotice', () => {
  it('says offline mode when no voice provider is configured', () => {
    expect(voiceNotice({ available: false, reason: 'no_provider' })).toBe('offline');
  });
  it('says credits are needed when the balance is empty', () => {
    expect(voiceNotice({ available: false, reason: 'no_credits' })).toBe('noCredits');
  });
  it('says nothing while asking, when voice works, or when the answer did not come', () => {
    expect(voiceNotice(undefined)).toBeNull();
    expect(voiceNotice({ available: true })).toBeNull();
    expect(voiceNotice({ available: false, reason: 'unreachable' })).toBeNull();
  });
});
