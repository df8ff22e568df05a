import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FunctionError, errorCodeSchema, readFunctionError } from './errors.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('readFunctionError', () => {
  it('reads our error shape from a fetch Response, details included', async () => {
    const error = await readFunctionError(
      json(400, { error: { code: 'invalid_request', message: 'name: required', details: { issues: [] } } }),
    );
    expect(error).toBeInstanceOf(FunctionError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'name: required',
      details: { issues: [] },
    });
  });

  it("reads it from supabase-js' FunctionsHttpError (the Response in `context`) without consuming it", async () => {
    const response = json(404, { error: { code: 'pack_not_found', message: 'Pack not found' } });
    const error = await readFunctionError({ name: 'FunctionsHttpError', message: 'non-2xx', context: response });
    expect(error).toMatchObject({ status: 404, code: 'pack_not_found', message: 'Pack not found' });
    expect(await response.json()).toEqual({ error: { code: 'pack_not_found', message: 'Pack not found' } });
  });

  it('keeps the status of an answer that is not our shape', async () => {
    const html = new Response('<html>Bad gateway</html>', { status: 502 });
    expect(await readFunctionError(html)).toMatchObject({ status: 502, code: 'http_502', message: 'HTTP 502' });
    expect(await readFunctionError(json(401, { msg: 'Invalid JWT' }))).toMatchObject({ status: 401, code: 'http_401' });
  });

  it('answers null when there was no HTTP failure to read (network error, success)', async () => {
    expect(await readFunctionError(new TypeError('Failed to fetch'))).toBeNull();
    expect(await readFunctionError({ name: 'FunctionsFetchError', context: new TypeError('x') })).toBeNull();
    expect(await readFunctionError(json(200, { ok: true }))).toBeNull();
    expect(await readFunctionError(null)).toBeNull();
  });
});

describe('error codes', () => {
  it('are unique snake_case words', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
    expect(errorCodeSchema.safeParse('invalid_request').success).toBe(true);
    expect(errorCodeSchema.safeParse('made_up').success).toBe(false);
  });
});
