/**
 * Shared steps for the Google Calendar tests: calling the `google-calendar` function as an owner
 * and running the whole connect flow (start → consent at the fake → exchange).
 */
import { expect } from 'vitest';
import type { FakeGoogleCalendar } from '../../fakes/google/server.ts';
import type { TestStack } from '../support/stack.ts';

export const REDIRECT_URI = 'http://localhost:5180/auth/google/callback';

export interface FunctionAnswer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

export async function callCalendarFunction(
  stack: TestStack,
  token: string | null,
  body: unknown,
): Promise<FunctionAnswer> {
  const response = await fetch(`${stack.url}/functions/v1/google-calendar`, {
    method: 'POST',
    headers: {
      apikey: stack.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as FunctionAnswer['body'] };
}

/** What Google's consent page hands back to the callback: the code and the state, via the fake. */
export async function consent(consentUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(consentUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

export async function connectAgent(
  stack: TestStack,
  google: FakeGoogleCalendar,
  token: string,
  agentId: string,
): Promise<void> {
  const start = await callCalendarFunction(stack, token, { action: 'start', agentId, redirectUri: REDIRECT_URI });
  expect(start.status).toBe(200);
  expect(new URL(start.body.url as string).origin).toBe(google.url);
  const { code, state } = await consent(start.body.url as string);
  const exchanged = await callCalendarFunction(stack, token, { action: 'exchange', code, state });
  expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
}
