/**
 * The platform's Twilio client: the official `twilio` SDK, with its HTTP layer replaced by one
 * `fetch` that honours TWILIO_API_BASE_URL (config.ts), so tests, self-hosters and compatible
 * carriers can point every request (api, messaging, content… hosts) elsewhere. The SDK keeps doing
 * what it is for: resource paths, parameter names, paging, and RestException on errors.
 */
import twilio from 'twilio';
import { twilioApiUrl, twilioConfigured, type TwilioConfig } from './config.ts';

export type TwilioClient = ReturnType<typeof twilio>;

/** What the SDK hands its HTTP client (twilio-node src/base/BaseTwilio.ts). */
interface SdkRequest {
  method: string;
  uri: string;
  username?: string;
  password?: string;
  headers?: Record<string, string>;
  params?: Record<string, unknown>;
  data?: Record<string, unknown> | string;
  timeout?: number;
}

function appendValues(target: URLSearchParams, values: Record<string, unknown> | undefined): void {
  for (const [key, raw] of Object.entries(values ?? {})) {
    if (raw === undefined || raw === null) continue;
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      target.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
}

export class TwilioNotConfiguredError extends Error {
  constructor() {
    super('Twilio is not configured on this server (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN).');
  }
}

/**
 * A `fetch`-based HTTP client for the SDK. Exported for tests. `signal` (a caller's abort, e.g. a
 * chat turn's) ends a request early, together with the per-request timeout.
 */
export function fetchHttpClient(apiBaseUrl: string | null, fetchImpl: typeof fetch = fetch, signal?: AbortSignal) {
  return {
    async request(o: SdkRequest): Promise<{ statusCode: number; body: string; headers: Record<string, string> }> {
      const url = twilioApiUrl(o.uri, apiBaseUrl);
      const query = new URLSearchParams(url.search);
      appendValues(query, o.params);
      url.search = query.toString();
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.username && o.password) headers.Authorization = `Basic ${btoa(`${o.username}:${o.password}`)}`;
      let body: string | undefined;
      if (o.data !== undefined && o.method !== 'get' && o.method !== 'delete') {
        const json = Object.entries(headers).some(
          ([name, v]) => name.toLowerCase() === 'content-type' && v.includes('json'),
        );
        if (typeof o.data === 'string') body = o.data;
        else if (json) body = JSON.stringify(o.data);
        else {
          const form = new URLSearchParams();
          appendValues(form, o.data);
          body = form.toString();
        }
      }
      const response = await fetchImpl(url, {
        method: o.method.toUpperCase(),
        headers,
        body,
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(o.timeout ?? 30_000)])
          : AbortSignal.timeout(o.timeout ?? 30_000),
      });
      return {
        statusCode: response.status,
        body: await response.text(),
        headers: Object.fromEntries(response.headers),
      };
    },
  };
}

/**
 * The SDK client for the platform's account; throws TwilioNotConfiguredError without credentials.
 * `options.signal` aborts its requests (the work they serve was abandoned).
 */
export function createTwilioClient(
  config: TwilioConfig,
  fetchImpl: typeof fetch = fetch,
  options: { signal?: AbortSignal } = {},
): TwilioClient {
  if (!twilioConfigured(config)) throw new TwilioNotConfiguredError();
  // The SDK types `httpClient` as its own RequestClient class; it only ever calls `request(opts)`.
  type SdkHttpClient = NonNullable<NonNullable<Parameters<typeof twilio>[2]>['httpClient']>;
  return twilio(config.accountSid, config.authToken, {
    httpClient: fetchHttpClient(config.apiBaseUrl, fetchImpl, options.signal) as unknown as SdkHttpClient,
  });
}
