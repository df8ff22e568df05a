import { describe, expect, it } from 'vitest';
import { deliveryOf, failureText, parseThreadKey, type DeliveryFacts } from './model.ts';

const outbound: DeliveryFacts = {
  direction: 'outbound',
  status: 'sent',
  errorCode: null,
  errorMessage: null,
  notSentReason: null,
};

describe('deliveryOf', () => {
  it.each([
    [{ direction: 'inbound', status: 'received' }, 'received'],
    [{ status: 'queued' }, 'pending'],
    [{ status: 'accepted' }, 'pending'],
    [{ status: 'sent' }, 'sent'],
    [{ status: 'delivered' }, 'delivered'],
    [{ status: 'read' }, 'read'],
    [{ status: 'undelivered', errorCode: 63016 }, 'failed'],
    [{ status: 'not_sent', notSentReason: 'monthly_limit' }, 'failed'],
    [{ status: 'queued', errorCode: 63018 }, 'failed'],
  ] as const)('%o is %s', (facts, expected) => {
    expect(deliveryOf({ ...outbound, ...facts })).toBe(expected);
  });
});

describe('failureText', () => {
  it('says nothing about a message that did not fail', () => {
    expect(failureText(outbound)).toBeNull();
    expect(failureText({ ...outbound, direction: 'inbound', status: 'received' })).toBeNull();
  });

  it('explains our own refusals, then Twilio codes, and never swallows an unknown code', () => {
    expect(failureText({ ...outbound, status: 'not_sent', notSentReason: 'monthly_limit' })?.key).toBe(
      'messages:reason.monthly_limit',
    );
    expect(failureText({ ...outbound, status: 'not_sent', notSentReason: 'outside_window' })?.key).toBe(
      'messages:reason.outside_window',
    );
    expect(failureText({ ...outbound, status: 'undelivered', errorCode: 63016 })).toEqual({
      key: 'messages:twilioError.63016',
      params: { code: '63016', message: '' },
    });
    expect(failureText({ ...outbound, status: 'not_sent', notSentReason: 'send_failed', errorCode: 63016 })?.key).toBe(
      'messages:twilioError.63016',
    );
    expect(failureText({ ...outbound, status: 'failed', errorCode: 12345, errorMessage: 'Odd' })).toEqual({
      key: 'messages:twilioError.unknownWithMessage',
      params: { code: '12345', message: 'Odd' },
    });
    expect(failureText({ ...outbound, status: 'failed', errorCode: 12345 })?.key).toBe('messages:twilioError.unknown');
    expect(failureText({ ...outbound, status: 'not_sent', notSentReason: 'send_failed' })?.key).toBe(
      'messages:reason.send_failed',
    );
    expect(failureText({ ...outbound, status: 'failed' })?.key).toBe('messages:twilioError.none');
  });

  it('says the agent could not answer when the core refused the turn, with the core’s words', () => {
    const refused = {
      ...outbound,
      status: 'not_sent',
      notSentReason: 'turn_refused',
      errorMessage: 'This conversation has reached its length limit. Start a new one.',
    };
    expect(failureText(refused)).toEqual({
      key: 'messages:reason.turn_refused',
      params: { code: '', message: 'This conversation has reached its length limit. Start a new one.' },
    });
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
