import { describe, expect, it } from 'vitest';
import { fakeRelayDeps, scriptedProvider } from '../../../tests/support/phone-relay-fakes.ts';
import { makeHandler } from './handler.ts';
import { createRelay, routePath } from './relay.ts';

const relay = () => createRelay(fakeRelayDeps(scriptedProvider([{ tokens: ['x'] }])).deps);
const get = (handler: (request: Request) => Response, path: string) => handler(new Request(`http://relay${path}`));

describe('phone-relay HTTP side', () => {
  it('answers health, 426 for a socket route asked without an upgrade and 404 elsewhere', async () => {
    const handler = makeHandler({ get: () => undefined }, relay());
    const health = get(handler, '/functions/v1/phone-relay/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, draining: false, activeCalls: 0 });
    expect(get(handler, '/phone-relay/conversation-relay').status).toBe(426);
    expect(get(handler, '/phone-relay/sandbox/conversation-relay').status).toBe(426);
    const missing = get(handler, '/phone-relay/nothing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses upgrades while draining, and reports it on health with a 503', async () => {
    const draining = relay();
    await draining.drain(0);
    const admitted = await draining.admit(
      new URL('http://relay/phone-relay/sandbox/conversation-relay'),
      new Headers(),
    );
    expect(admitted.ok).toBe(false);
    if (!admitted.ok) expect(admitted.response.status).toBe(503);
    const health = get(makeHandler({ get: () => undefined }, draining), '/phone-relay/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ ok: false, draining: true, activeCalls: 0 });
  });

  it('finds routes under any host prefix', () => {
    expect(routePath('/functions/v1/phone-relay/conversation-relay')).toBe('/conversation-relay');
    expect(routePath('/phone-relay/sandbox/conversation-relay/')).toBe('/sandbox/conversation-relay');
    expect(routePath('/health')).toBe('/health');
  });
});
