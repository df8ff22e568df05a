import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../../scripts/lib/demo-logins.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import type { TablesUpdate as UpdateRow } from '../../../supabase/types/database.ts';

/**
 * The admin's 'AI Models' are what the product runs: after an admin saves a chat
 * model and an internal call model, the next chat turn and the next browser call ask the (fake)
 * OpenAI for exactly those models.
 */
const OFFER = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';

let stack: TestStack;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-test-models' });
  stack = await startTestStack({ functionEnv: { OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseURL } });
});
afterAll(async () => {
  await stack?.stop();
  await fake?.close();
});

function call(fn: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/${fn}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function saveModels(models: UpdateRow<'platform_settings'>): Promise<void> {
  const admin = stack.anonClient();
  const signedIn = await admin.auth.signInWithPassword({
    email: DEMO_LOGINS.DEMO_ADMIN_EMAIL,
    password: DEMO_LOGINS.DEMO_ADMIN_PASSWORD,
  });
  expect(signedIn.error).toBeNull();
  const { data, error } = await admin.from('platform_settings').update(models).eq('id', 'default').select('id');
  expect(error).toBeNull();
  expect(data).toHaveLength(1);
}

describe('AI model settings reach the providers', () => {
  it('chat uses the saved chat model and browser voice the saved internal call model', async () => {
    await saveModels({ chat_model: 'gpt-4.1-nano', internal_call_model: 'gpt-4o-realtime-preview-2025-06-03' });

    const chat = await call('agent-chat', { subdomain: 'demo', message: 'Are you open on Sunday?' });
    expect(chat.status).toBe(200);
    await chat.text();
    expect((fake.requestsTo('chat').at(-1)?.body as { model?: string }).model).toBe('gpt-4.1-nano');

    const voice = await call('voice-session', { subdomain: 'demo', sdp: OFFER, recordingMimeType: 'audio/webm' });
    expect(voice.status).toBe(200);
    const session = (fake.requestsTo('realtime_calls').at(-1)?.body as { session: { model: string } }).session;
    expect(session.model).toBe('gpt-4o-realtime-preview-2025-06-03');
  });
});
