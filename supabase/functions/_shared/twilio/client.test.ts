import { describe, expect, it } from 'vitest';
import { fetchHttpClient } from './client.ts';
import { twilioApiUrl, twilioConfig } from './config.ts';

describe('twilioApiUrl', () => {
  it('keeps Twilio hosts without a base', () => {
    expect(twilioApiUrl('https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json', null).href).toBe(
      'https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json',
    );
  });
  it('sends every host to {base}/{first label}/{path}', () => {
    expect(
      twilioApiUrl('https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json?x=1', 'http://127.0.0.1:9/tw').href,
    ).toBe('http://127.0.0.1:9/tw/api/2010-04-01/Accounts/AC1/Calls.json?x=1');
    expect(twilioApiUrl('https://messaging.twilio.com/v2/Channels/Senders', 'http://h').href).toBe(
      'http://h/messaging/v2/Channels/Senders',
    );
  });
});

describe('twilioConfig', () => {
  const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });
  it('derives the webhook and relay bases from SUPABASE_URL', () => {
    const config = twilioConfig(env({ SUPABASE_URL: 'https://ref.supabase.co/' }));
    expect(config.webhookBaseUrl).toBe('https://ref.supabase.co/functions/v1');
    expect(config.relayUrl).toBe('wss://ref.supabase.co/functions/v1/phone-relay');
    expect(config.accountSid).toBeNull();
  });
  it('takes the configured bases', () => {
    const config = twilioConfig(
      env({
        TWILIO_WEBHOOK_BASE_URL: 'https://hooks.example/fn/',
        PHONE_RELAY_URL: 'wss://relay.example/phone-relay/',
      }),
    );
    expect(config.webhookBaseUrl).toBe('https://hooks.example/fn');
    expect(config.relayUrl).toBe('wss://relay.example/phone-relay');
  });
});

describe('fetchHttpClient', () => {
  it('form-encodes arrays as repeated keys, authenticates, and JSON-encodes JSON bodies', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fake = ((url: URL, init: RequestInit) => {
      seen.push({ url: String(url), init });
      return Promise.resolve(new Response('{"sid":"CA1"}', { status: 201 }));
    }) as unknown as typeof fetch;
    const client = fetchHttpClient('http://fake', fake);
    const answer = await client.request({
      method: 'post',
      uri: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Calls/CA1/Recordings.json',
      username: 'AC1',
      password: 'secret',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: { RecordingStatusCallbackEvent: ['in-progress', 'completed'], RecordingChannels: 'dual' },
    });
    expect(answer).toMatchObject({ statusCode: 201, body: '{"sid":"CA1"}' });
    expect(seen[0]!.url).toBe('http://fake/api/2010-04-01/Accounts/AC1/Calls/CA1/Recordings.json');
    expect(String(seen[0]!.init.body)).toBe(
      'RecordingStatusCallbackEvent=in-progress&RecordingStatusCallbackEvent=completed&RecordingChannels=dual',
    );
    expect((seen[0]!.init.headers as Record<string, string>).Authorization).toBe(`Basic ${btoa('AC1:secret')}`);

    await client.request({
      method: 'post',
      uri: 'https://messaging.twilio.com/v2/Channels/Senders',
      username: 'AC1',
      password: 'secret',
      headers: { 'Content-Type': 'application/json' },
      data: { sender_id: 'whatsapp:+15017122661' },
    });
    expect(seen[1]!.init.body).toBe('{"sender_id":"whatsapp:+15017122661"}');
  });
});
