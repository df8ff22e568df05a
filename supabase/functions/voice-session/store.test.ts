import { describe, expect, it } from 'vitest';
import { HttpError } from '../_shared/platform/errors.ts';
import { createRestVoiceStore } from './store.ts';

const AGENT = {
  id: 'a0000000-0000-4000-8000-000000000404',
  ownerId: 'd0000000-0000-4000-8000-000000000404',
  name: 'Clara',
  companyName: null,
  systemPrompt: '',
  defaultLanguage: 'fr_FR',
  voice: 'female',
};

/** A REST API that answers every request with one PostgREST error. */
function storeAnswering(status: number, body: Record<string, unknown>) {
  const fetchFn = (() =>
    Promise.resolve(
      new Response(JSON.stringify({ details: null, hint: null, ...body }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    )) as typeof fetch;
  return createRestVoiceStore({ supabaseUrl: 'http://db.test', serviceRoleKey: 'service', fetchFn });
}

describe('createRestVoiceStore.startCall', () => {
  it('turns the database\'s "Agent not found" (PT404) into a 404 agent_not_found', async () => {
    const store = storeAnswering(404, { code: 'PT404', message: 'Agent not found' });
    const error: unknown = await store.startCall(AGENT, null, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 404, code: 'agent_not_found' });
  });

  it("hands the verified caller to voice_open_call, which tells the owner's sandbox call from a visitor's", async () => {
    const bodies: unknown[] = [];
    const fetchFn = ((_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      const opened = [{ call_id: 'c1', reserved_seconds: 300, reservation_final: false, longest_seconds: 14400 }];
      return Promise.resolve(new Response(JSON.stringify(opened), { status: 200 }));
    }) as unknown as typeof fetch;
    const store = createRestVoiceStore({ supabaseUrl: 'http://db.test', serviceRoleKey: 'service', fetchFn });
    await store.startCall(AGENT, null, AGENT.ownerId);
    await store.startCall(AGENT, null, null);
    expect(bodies).toEqual([
      { agent_id: AGENT.id, storage_path: null, mime_type: null, format: null, caller_id: AGENT.ownerId },
      { agent_id: AGENT.id, storage_path: null, mime_type: null, format: null, caller_id: null },
    ]);
  });

  it('turns no_credits into a 402', async () => {
    const store = storeAnswering(400, { code: 'P0001', message: 'no_credits' });
    await expect(store.startCall(AGENT, null, null)).rejects.toMatchObject({ status: 402 });
  });
});
