import { describe, expect, it } from 'vitest';
import { productFunctionEnv, servedOrigins } from './product.ts';

describe('servedOrigins', () => {
  it('names the console and the agent site under both loopback names, agents included', () => {
    expect(servedOrigins('http://localhost:5180', 'http://{agent}.localhost:5181').sort()).toEqual(
      [
        'http://localhost:5180',
        'http://127.0.0.1:5180',
        'http://localhost:5181',
        'http://127.0.0.1:5181',
        'http://*.localhost:5181',
      ].sort(),
    );
  });

  it('includes the public host the URLs are built on', () => {
    const origins = servedOrigins('http://concierge.test:7000', 'http://{agent}.concierge.test:7001');
    expect(origins).toContain('http://concierge.test:7000');
    expect(origins).toContain('http://concierge.test:7001');
    expect(origins).toContain('http://*.concierge.test:7001');
  });
});

describe('productFunctionEnv', () => {
  it('passes the functions the settings the README lists, chat rate limits included, and nothing else', () => {
    expect(
      productFunctionEnv({
        OPENAI_API_KEY: 'sk',
        CHAT_RATE_VISITOR: '2/1',
        GEOCODER_URL: 'http://geo',
        HOME: '/root',
        CHAT_RATE_AGENT: '',
      }),
    ).toEqual({ OPENAI_API_KEY: 'sk', CHAT_RATE_VISITOR: '2/1', GEOCODER_URL: 'http://geo' });
  });
});
