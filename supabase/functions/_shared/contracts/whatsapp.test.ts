import { describe, expect, it } from 'vitest';
import {
  applySenderStatus,
  e164FromWhatsApp,
  renderTemplate,
  splitWhatsAppBody,
  facebookSdkOrigin,
  facebookSignupSettings,
  embeddedSignupExtras,
  EMBEDDED_SIGNUP_EXTRAS,
  isEmbeddedSignupOrigin,
  parseEmbeddedSignupMessage,
  qualityColour,
  senderAwaitsCode,
  senderPollInterval,
  senderReadiness,
  verifySenderInputSchema,
  senderReady,
  senderSweepInterval,
  type StoredSenderConfig,
} from './whatsapp.ts';

describe('splitWhatsAppBody', () => {
  it('keeps a short reply whole', () => {
    expect(splitWhatsAppBody('  Hello there.  ')).toEqual(['Hello there.']);
  });
  it('cuts at the last sentence end that fits', () => {
    expect(splitWhatsAppBody('One two. Three four. Five six.', 20)).toEqual(['One two. Three four.', 'Five six.']);
  });
  it('falls back to a space, then to a hard cut', () => {
    expect(splitWhatsAppBody('aaaa bbbb cccc', 10)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitWhatsAppBody('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
  });
  it('never exceeds the limit, counting characters not UTF-16 units', () => {
    const parts = splitWhatsAppBody('😀 '.repeat(2000), 1600);
    for (const part of parts) expect(Array.from(part).length).toBeLessThanOrEqual(1600);
  });
});

describe('e164FromWhatsApp', () => {
  it('strips the prefix and anything but digits', () => {
    expect(e164FromWhatsApp('whatsapp:+33 6 12 34 56 78')).toBe('+33612345678');
  });
});

const stored: StoredSenderConfig = {
  sender_id: 'XE1',
  phone_number: '+14155550100',
  waba_id: '123',
  status: 'CREATING',
  last_status_check: '2026-01-01T00:00:00.000Z',
  business_info: { display_name: 'Acme', description: '', category: 'Other', status: 'pending' },
  messaging_limits: null,
  quality_rating: null,
  offline_reasons: [],
};
const now = new Date('2026-01-02T00:00:00.000Z');

describe('sender polling', () => {
  it.each([
    ['CREATING', false, 30_000],
    ['creating', false, 30_000],
    ['ONLINE', false, false],
    ['PENDING_VERIFICATION', false, 60_000],
    ['pending verification', false, 60_000],
    ['OFFLINE', false, 60_000],
    ['CREATING', true, 60_000],
    ['ONLINE', true, 60_000],
    [null, false, false],
  ] as const)('%s (failed poll: %s) → %s', (status, failed, interval) => {
    expect(senderPollInterval(status, failed)).toBe(interval);
  });
});

describe('sender transitions', () => {
  it('ONLINE stores limits and quality and makes the business active', () => {
    const next = applySenderStatus(
      stored,
      { status: 'ONLINE', qualityRating: 'HIGH', messagingLimit: '1K Customers/24hr', offlineReasons: [] },
      now,
    );
    expect(next).toMatchObject({
      status: 'ONLINE',
      quality_rating: 'HIGH',
      messaging_limits: '1K Customers/24hr',
      last_status_check: now.toISOString(),
      business_info: { status: 'active' },
    });
  });

  it.each(['OFFLINE', 'ERROR'])('%s rejects the business and keeps the reasons', (status) => {
    const reasons = [{ code: '63020', message: 'Meta invitation not accepted' }];
    const next = applySenderStatus(
      stored,
      { status, qualityRating: null, messagingLimit: null, offlineReasons: reasons },
      now,
    );
    expect(next).toMatchObject({ status, business_info: { status: 'rejected' }, offline_reasons: reasons });
  });

  it('any other status only records the check', () => {
    const next = applySenderStatus(
      stored,
      { status: 'PENDING_VERIFICATION', qualityRating: 'HIGH', messagingLimit: 'x', offlineReasons: [] },
      now,
    );
    expect(next).toEqual({
      ...stored,
      status: 'PENDING_VERIFICATION',
      last_status_check: now.toISOString(),
      next_status_check: '2026-01-02T00:01:00.000Z',
    });
  });

  it('ONLINE:UPDATING is online: the business stays active and the limits are kept', () => {
    const online = applySenderStatus(
      stored,
      { status: 'ONLINE', qualityRating: 'HIGH', messagingLimit: '1K', offlineReasons: [] },
      now,
    );
    const updating = applySenderStatus(
      online,
      { status: 'ONLINE:UPDATING', qualityRating: null, messagingLimit: null, offlineReasons: [] },
      now,
    );
    expect(updating).toMatchObject({
      status: 'ONLINE:UPDATING',
      quality_rating: 'HIGH',
      messaging_limits: '1K',
      business_info: { status: 'active' },
    });
    expect(senderReady({ enabled: true, status: updating.status })).toBe(true);
  });

  it('schedules the server’s next poll: 30 s while CREATING, 60 s otherwise, never once in ERROR', () => {
    const at = (status: string) =>
      applySenderStatus(stored, { status, qualityRating: null, messagingLimit: null, offlineReasons: [] }, now)
        .next_status_check;
    expect(at('CREATING')).toBe('2026-01-02T00:00:30.000Z');
    expect(at('ONLINE')).toBe('2026-01-02T00:01:00.000Z');
    expect(at('OFFLINE')).toBe('2026-01-02T00:01:00.000Z');
    expect(at('ERROR')).toBeUndefined();
    expect(senderSweepInterval(null)).toBeNull();
  });
});

describe('quality and readiness', () => {
  it.each([
    ['HIGH', 'green'],
    ['high', 'green'],
    ['MEDIUM', 'yellow'],
    ['LOW', 'red'],
    [null, 'red'],
  ] as const)('%s is %s', (rating, colour) => {
    expect(qualityColour(rating)).toBe(colour);
  });

  it('is ready only when connected and ONLINE', () => {
    expect(senderReady({ enabled: true, status: 'online' })).toBe(true);
    expect(senderReady({ enabled: false, status: 'ONLINE' })).toBe(false);
    expect(senderReady({ enabled: true, status: 'CREATING' })).toBe(false);
    expect(senderReady(null)).toBe(false);
  });
});

describe('embedded sign-up messages', () => {
  const message = (event: string, data: Record<string, unknown> = {}) =>
    JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event, version: 3, data });

  it('reads the four events', () => {
    expect(parseEmbeddedSignupMessage(message('FINISH', { waba_id: '42', phone_number_id: '7' }))).toEqual({
      event: 'FINISH',
      wabaId: '42',
    });
    expect(parseEmbeddedSignupMessage(message('FINISH_ONLY_WABA', { waba_id: '42' }))).toEqual({
      event: 'FINISH_ONLY_WABA',
      wabaId: '42',
    });
    expect(parseEmbeddedSignupMessage(message('CANCEL', { current_step: 'PHONE' }))).toEqual({
      event: 'CANCEL',
      step: 'PHONE',
    });
    expect(parseEmbeddedSignupMessage(message('ERROR', { error_message: 'boom' }))).toEqual({
      event: 'ERROR',
      message: 'boom',
    });
  });

  it('has no WABA id when it is missing or not digits, and ignores other posts', () => {
    expect(parseEmbeddedSignupMessage(message('FINISH', {}))).toEqual({ event: 'FINISH', wabaId: null });
    expect(parseEmbeddedSignupMessage(message('FINISH', { waba_id: '1; drop' }))).toEqual({
      event: 'FINISH',
      wabaId: null,
    });
    expect(parseEmbeddedSignupMessage('not json')).toBeNull();
    expect(parseEmbeddedSignupMessage({ type: 'OTHER' })).toBeNull();
    expect(parseEmbeddedSignupMessage(message('SOMETHING'))).toBeNull();
  });

  it('trusts Facebook pages and a non-Facebook SDK origin only', () => {
    const sdk = 'https://connect.facebook.net/en_US/sdk.js';
    expect(isEmbeddedSignupOrigin('https://www.facebook.com', sdk)).toBe(true);
    expect(isEmbeddedSignupOrigin('https://facebook.com', sdk)).toBe(true);
    expect(isEmbeddedSignupOrigin('http://www.facebook.com', sdk)).toBe(false);
    expect(isEmbeddedSignupOrigin('https://evilfacebook.com', sdk)).toBe(false);
    expect(isEmbeddedSignupOrigin('https://connect.facebook.net', sdk)).toBe(false);
    expect(isEmbeddedSignupOrigin('http://127.0.0.1:4000', 'http://127.0.0.1:4000/sdk.js')).toBe(true);
    expect(isEmbeddedSignupOrigin('http://127.0.0.1:4001', 'http://127.0.0.1:4000/sdk.js')).toBe(false);
  });

  it('reduces an SDK URL to its origin, refusing anything that is not http(s)', () => {
    expect(facebookSdkOrigin('https://connect.facebook.net/en_US/sdk.js')).toBe('https://connect.facebook.net');
    expect(facebookSdkOrigin('HTTP://127.0.0.1:4000/sdk.js')).toBe('http://127.0.0.1:4000');
    expect(facebookSdkOrigin("https://x.example; script-src 'unsafe-inline'")).toBeNull();
    expect(facebookSdkOrigin('javascript:alert(1)')).toBeNull();
    expect(facebookSdkOrigin('https://user:pw@x.example/sdk.js')).toBeNull();
  });
});

describe('facebookSignupSettings', () => {
  it('is null (sign-up not configured) without both ids', () => {
    expect(facebookSignupSettings({})).toBeNull();
    expect(facebookSignupSettings({ CONCIERGE_FACEBOOK_APP_ID: '123' })).toBeNull();
  });

  it("defaults to Meta's SDK and takes a configured one", () => {
    expect(facebookSignupSettings({ CONCIERGE_FACEBOOK_APP_ID: '123', CONCIERGE_FACEBOOK_CONFIG_ID: '456' })).toEqual({
      facebookAppId: '123',
      facebookConfigId: '456',
      facebookSdkUrl: 'https://connect.facebook.net/en_US/sdk.js',
    });
    expect(
      facebookSignupSettings({
        CONCIERGE_FACEBOOK_APP_ID: '123',
        CONCIERGE_FACEBOOK_CONFIG_ID: '456',
        CONCIERGE_FACEBOOK_SDK_URL: 'http://127.0.0.1:4300/sdk.js',
      })?.facebookSdkUrl,
    ).toBe('http://127.0.0.1:4300/sdk.js');
  });

  it('refuses a malformed SDK URL or ids at start', () => {
    const ids = { CONCIERGE_FACEBOOK_APP_ID: '123', CONCIERGE_FACEBOOK_CONFIG_ID: '456' };
    expect(() => facebookSignupSettings({ ...ids, CONCIERGE_FACEBOOK_SDK_URL: 'javascript:alert(1)' })).toThrow();
    expect(() => facebookSignupSettings({ ...ids, CONCIERGE_FACEBOOK_APP_ID: '12"3' })).toThrow();
    expect(() => facebookSignupSettings({ ...ids, CONCIERGE_TWILIO_SOLUTION_ID: 'abc' })).toThrow();
  });

  it("carries Twilio's Partner Solution ID when set, and only then", () => {
    const ids = { CONCIERGE_FACEBOOK_APP_ID: '123', CONCIERGE_FACEBOOK_CONFIG_ID: '456' };
    expect(facebookSignupSettings({ ...ids, CONCIERGE_TWILIO_SOLUTION_ID: ' 789 ' })?.twilioSolutionId).toBe('789');
    expect(facebookSignupSettings(ids)).not.toHaveProperty('twilioSolutionId');
  });
});

describe('embeddedSignupExtras', () => {
  it("puts Twilio's Partner Solution ID in setup.solutionID, keeping the other extras", () => {
    expect(embeddedSignupExtras('789')).toEqual({ ...EMBEDDED_SIGNUP_EXTRAS, setup: { solutionID: '789' } });
    expect(embeddedSignupExtras(undefined).setup).toEqual({});
  });
});

describe('renderTemplate', () => {
  it('fills {{n}} with the variables and leaves unknown ones as they are', () => {
    expect(renderTemplate('Hi {{1}}, order {{ 2 }} is {{3}}.', { 1: 'Ana', 2: '42' })).toBe(
      'Hi Ana, order 42 is {{3}}.',
    );
  });
});

describe('the verification step (PENDING_VERIFICATION → VERIFYING → TWILIO_REVIEW → ONLINE)', () => {
  it('says where a connected sender stands, for the card’s readiness', () => {
    const at = (status: string | null) => senderReadiness({ connected: true, status });
    expect(at('CREATING')).toBe('creating');
    expect(at('pending verification')).toBe('awaitingCode');
    expect(at('VERIFYING')).toBe('verifying');
    expect(at('TWILIO_REVIEW')).toBe('inReview');
    expect(at('ONLINE:UPDATING')).toBe('ready');
    expect(at('OFFLINE')).toBe('attention');
    expect(at('DRAFT')).toBe('notReady');
    expect(senderReadiness({ connected: false, status: 'ONLINE' })).toBe('notReady');
  });

  it('asks for the code in PENDING_VERIFICATION only', () => {
    expect(senderAwaitsCode('PENDING_VERIFICATION')).toBe(true);
    expect(senderAwaitsCode('VERIFYING')).toBe(false);
    expect(senderAwaitsCode(null)).toBe(false);
  });

  it('takes a code of 4 to 8 digits and nothing else', () => {
    const agentId = '00000000-0000-4000-8000-000000000000';
    expect(verifySenderInputSchema.parse({ agentId, code: ' 123456 ' }).code).toBe('123456');
    for (const code of ['123', '123456789', '12a4', '']) {
      expect(verifySenderInputSchema.safeParse({ agentId, code }).success).toBe(false);
    }
    expect(verifySenderInputSchema.safeParse({ agentId, code: '1234', senderId: 'XE1' }).success).toBe(false);
  });
});
