import { afterEach, describe, expect, it, vi } from 'vitest';
import { subAccountClient } from './sub-account.ts';
import type { TwilioConfig } from './config.ts';

const config: TwilioConfig = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'platform-token',
  apiBaseUrl: 'http://twilio.fake',
  webhookBaseUrl: 'http://functions.fake',
  relayUrl: 'ws://functions.fake/phone-relay',
};
const sub = { sid: `AC${'2'.repeat(32)}`, authToken: 'sub-token' };

afterEach(() => vi.unstubAllGlobals());

describe('subAccountClient', () => {
  it('acts as the sub-account (its SID and token) through the platform base URL', async () => {
    const seen: { url: string; authorization: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: URL | string, init?: RequestInit) => {
      seen.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
      return new Response(null, { status: 204 });
    });
    await subAccountClient(config, sub)
      .messaging.v2.channelsSenders(`XE${'3'.repeat(32)}`)
      .remove();
    expect(seen).toEqual([
      {
        url: `http://twilio.fake/messaging/v2/Channels/Senders/XE${'3'.repeat(32)}`,
        authorization: `Basic ${btoa(`${sub.sid}:sub-token`)}`,
      },
    ]);
  });
});
