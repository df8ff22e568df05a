import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors.ts';
import { readSchedulerInput, requireServiceRole, serviceRoleKeys } from './scheduler.ts';

const env: Record<string, string> = {
  SUPABASE_SERVICE_ROLE_KEY: 'legacy-jwt',
  SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_1' }),
};
const post = (headers: Record<string, string>, body?: string) =>
  new Request('http://functions.test/run', { method: 'POST', headers, body });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof HttpError ? { status: error.status, code: error.code } : error;
  }
  return null;
};

describe('scheduler entry', () => {
  it('accepts the legacy service-role key and the new secret keys, nothing else', () => {
    const keys = serviceRoleKeys((name) => env[name]);
    expect(keys).toEqual(['legacy-jwt', 'sb_secret_1']);
    expect(serviceRoleKeys((name) => (name === 'SUPABASE_SECRET_KEYS' ? 'not json' : undefined))).toEqual([]);
    expect(refusal(() => requireServiceRole(post({ authorization: 'Bearer sb_secret_1' }), keys, 'x'))).toBeNull();
    const strangers: Record<string, string>[] = [{}, { authorization: 'Bearer anon' }, { authorization: 'legacy-jwt' }];
    for (const headers of strangers) {
      expect(refusal(() => requireServiceRole(post(headers), keys, 'x'))).toEqual({
        status: 403,
        code: 'service_role_only',
      });
    }
  });

  it('reads no body as the defaults and refuses a body outside the schema with 400', async () => {
    const schema = z.object({ maxCalls: z.number().int().optional() }).strict();
    await expect(readSchedulerInput(post({}), schema)).resolves.toEqual({});
    const json = { 'content-type': 'application/json' };
    await expect(readSchedulerInput(post(json, '{"maxCalls":3}'), schema)).resolves.toEqual({ maxCalls: 3 });
    await expect(readSchedulerInput(post(json, '{"maxCalls":"3"}'), schema)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_input',
    });
  });
});
