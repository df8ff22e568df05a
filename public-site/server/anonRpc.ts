/**
 * Calls a public (anon) RPC of the project from the site server, as a visitor's browser would:
 * the anon key, a 3 s limit (a slow database must not hold a page), and the JSON answer — a
 * function returning null may come back as an empty body (the local stack answers so). Null when
 * the RPC refuses; throws on network errors and timeouts, which callers treat as "unavailable".
 */
export async function callAnonRpc(
  options: { supabaseUrl: () => string; supabaseAnonKey: () => string; fetchFn?: typeof fetch },
  name: string,
  args: Record<string, unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const fetchFn = options.fetchFn ?? fetch;
  const res = await fetchFn(`${options.supabaseUrl().replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: options.supabaseAnonKey(),
      authorization: `Bearer ${options.supabaseAnonKey()}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
    signal: AbortSignal.timeout(3000),
  });
  if (!res.ok) return { ok: false };
  const text = await res.text();
  return { ok: true, value: text.trim() === '' ? null : (JSON.parse(text) as unknown) };
}
