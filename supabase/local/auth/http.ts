import { AuthError, versionHeaders } from './errors.ts';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Parses a JSON object body; an empty body is `{}` (auth-js sends none on logout). */
export async function readJson(request: Request): Promise<Json> {
  const text = await request.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!isObject(value))
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  return value;
}

/** Reads an optional string field; anything else than a string or null/undefined is a 400. */
export function optString(body: Json, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new AuthError(400, 'bad_json', `Could not read ${key}: expected a string`);
  return value;
}

export function optObject(body: Json, key: string): Json | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) throw new AuthError(400, 'bad_json', `Could not read ${key}: expected an object`);
  return value;
}

export function optBool(body: Json, key: string): boolean | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new AuthError(400, 'bad_json', `Could not read ${key}: expected a boolean`);
  return value;
}

export function json(request: Request, data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(data, { status, headers: { ...versionHeaders(request), ...headers } });
}

export function redirect(location: string, status = 303): Response {
  return new Response(null, { status, headers: { Location: location } });
}

/** Go's url.Values.Encode: keys sorted, form encoding (space = '+'). */
export function encodeForm(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(values).sort()) params.append(key, values[key]!);
  return params.toString();
}
