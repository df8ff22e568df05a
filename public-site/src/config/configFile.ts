/**
 * The request for the runtime config file, apart from its validation (runtimeConfig.ts) so the
 * page's first-load script can start it at once while the validating code is still arriving.
 */

export const RUNTIME_CONFIG_URL = './concierge.config.json';

/** The served file's JSON body, or undefined when there is no file (missing, HTML, unreachable). */
export async function requestRuntimeConfigFile(fetchFn: typeof fetch, url = RUNTIME_CONFIG_URL): Promise<unknown> {
  try {
    const res = await fetchFn(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    const type = res.headers.get('content-type') ?? '';
    // Dev servers answer unknown paths with index.html (SPA fallback): that means "no file".
    if (res.ok && type.includes('json')) return (await res.json()) as unknown;
  } catch {
    // Unreachable or not JSON after all: the build-time env applies.
  }
  return undefined;
}
