/**
 * The entry of a scheduled function (connector-dispatch, voice-call-sweeper): only the service
 * role may run it, and a scheduler may POST no body at all.
 */
import type { z } from 'zod';
import { bearerOf } from '../agent-chat/caller.ts';
import { HttpError } from './errors.ts';
import { readJsonBody } from './json-body.ts';

/**
 * The keys that stand for the service role: the legacy JWT and the new-style secret keys
 * (`SUPABASE_SECRET_KEYS` is a JSON object of name → key on hosted projects).
 */
export function serviceRoleKeys(get: (name: string) => string | undefined): string[] {
  return [get('SUPABASE_SERVICE_ROLE_KEY'), ...Object.values(jsonObject(get('SUPABASE_SECRET_KEYS')))].filter(
    (key): key is string => typeof key === 'string' && key.length > 0,
  );
}

/**
 * Refuses with 403 `service_role_only` unless the bearer token is one of `keys`; `runs` names the
 * job in the message ("connector dispatch").
 */
export function requireServiceRole(request: Request, keys: readonly string[], runs: string): void {
  const token = bearerOf(request);
  if (!token || !keys.includes(token)) {
    throw new HttpError(403, 'service_role_only', `Only the scheduler (service role) runs ${runs}.`);
  }
}

/** Parses the optional body against `schema`: none means the defaults, a bad one is a 400. */
export async function readSchedulerInput<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.infer<T>> {
  const raw = request.headers.get('content-type') ? await readJsonBody(request) : {};
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw new HttpError(400, 'invalid_input', parsed.error.issues[0]?.message ?? 'Invalid input.');
  return parsed.data as z.infer<T>;
}

function jsonObject(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
