import { describe, expect, it } from 'vitest';
import { failureText, parseThreadKey } from './model.ts';

const outbound = { direction: 'outbound', status: 'sent', errorCode: null, errorReason: null };

describe('failureText', () => {
  it('says nothing about a message that did not fail', () => {
    expect(failureText(outbound)).toBeNull();
    expect(failureText({ ...outbound, direction: 'inbound', status: 'received' })).toBeNull();
  });

  it('explains our own refusals first, then Twilio codes, and never swallows an unknown code', () => {
    expect(failureText({ ...outbound, status: null, errorReason: 'monthly_limit' })?.key).toBe(
      'messages:reason.monthly_limit',
    );
    expect(failureText({ ...outbound, status: 'undelivered', errorCode: '63016' })?.key).toBe(
      'messages:twilioError.63016',
    );
    expect(failureText({ ...outbound, status: 'failed', errorCode: '12345' })).toEqual({
      key: 'messages:twilioError.unknown',
      params: { code: '12345' },
    });
    expect(failureText({ ...outbound, status: 'failed', errorReason: 'The template was rejected' })).toEqual({
      key: 'messages:reason.other',
      params: { reason: 'The template was rejected', code: '' },
    });
    expect(failureText({ ...outbound, status: 'failed' })?.key).toBe('messages:twilioError.none');
  });
});

describe('parseThreadKey', () => {
  it('reads the agent and the WhatsApp number; a deleted agent has none', () => {
    expect(parseThreadKey('a1|+33611111111')).toEqual({ agentId: 'a1', contact: '+33611111111' });
    expect(parseThreadKey('|+33611111111')).toEqual({ agentId: null, contact: '+33611111111' });
    expect(parseThreadKey('nonsense')).toBeNull();
    expect(parseThreadKey('a1|')).toBeNull();
    expect(parseThreadKey(null)).toBeNull();
  });
});
