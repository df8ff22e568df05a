/**
 * `POST /functions/v1/voice-call-sweeper` (service role only: a scheduler, see README "Connectors").
 * Settles browser voice calls that were never ended (the page crashed, lost its network, or chose
 * not to say goodbye): each call still open `graceSeconds` after the maximum it was granted at
 * start is closed and charged by the same SQL core as `end` (`voice_sweep_calls` →
 * `settle_voice_call`), on the database clock, once. Safe to run concurrently: runs skip each
 * other's rows and a call is claimed by one settler only.
 * Body (all optional): {graceSeconds, maxCalls}. Answer: {settled, creditsCharged}.
 */
import { z } from 'zod';
import { bearerOf } from '../_shared/agent-chat/caller.ts';
import { createServiceClient, type FunctionEnv } from '../_shared/agent-chat/env.ts';
import { HttpError } from '../_shared/web/errors.ts';
import { readJsonBody } from '../_shared/web/json-body.ts';
import { serveJson } from '../_shared/web/serve.ts';

export type { FunctionEnv };

/** After its maximum, a call gets this long to end by itself (the goodbye, a slow `end` request). */
export const DEFAULT_GRACE_SECONDS = 120;

const input = z
  .object({
    graceSeconds: z.number().int().min(0).max(86_400).optional(),
    maxCalls: z.number().int().min(1).max(1000).optional(),
  })
  .strict();

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const service = createServiceClient(env);
  const serviceKeys = [
    env.get('SUPABASE_SERVICE_ROLE_KEY'),
    ...Object.values(safeJson(env.get('SUPABASE_SECRET_KEYS'))),
  ].filter((key): key is string => typeof key === 'string' && key.length > 0);

  async function handle(request: Request): Promise<Response> {
    const token = bearerOf(request);
    if (!token || !serviceKeys.includes(token))
      throw new HttpError(403, 'service_role_only', 'Only the scheduler (service role) runs the voice call sweeper.');
    // A scheduler may POST nothing at all: no body means the defaults.
    const raw = request.headers.get('content-type') ? await readJsonBody(request) : {};
    const parsed = input.safeParse(raw ?? {});
    if (!parsed.success) throw new HttpError(400, 'invalid_input', parsed.error.issues[0]?.message ?? 'Invalid input.');
    const { data, error } = await service.rpc('voice_sweep_calls', {
      grace_seconds: parsed.data.graceSeconds ?? DEFAULT_GRACE_SECONDS,
      max_calls: parsed.data.maxCalls ?? 100,
    });
    if (error) throw new Error(`sweeping voice calls failed: ${error.message}`);
    const settled = (data ?? []) as { credits_charged: number }[];
    return Response.json({
      settled: settled.length,
      creditsCharged: settled.reduce((sum, call) => sum + call.credits_charged, 0),
    });
  }

  return serveJson('voice-call-sweeper', handle);
}

function safeJson(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
