/**
 * Geocoding through a Nominatim-compatible search API (`GEOCODER_URL`, e.g.
 * https://nominatim.openstreetmap.org or a self-hosted server). Nominatim's usage policy asks for
 * an identifying User-Agent, at most one request per second and cached results: the agent-map
 * function caches in `agent_locations`, this module identifies itself and paces its requests.
 */
import type { FunctionEnv } from '../platform/env.ts';

export interface GeocoderConfig {
  /** The server's base URL; `/search` is appended. */
  baseUrl: string;
  userAgent: string;
  /** Minimum time between two requests from this instance. */
  minIntervalMs: number;
  timeoutMs: number;
  fetch: typeof fetch;
}

export type GeocodeResult =
  { status: 'found'; latitude: number; longitude: number; displayName: string | null } | { status: 'not_found' };

/** The provider failed (network, timeout, non-2xx, unreadable answer): nothing is cached. */
export class GeocoderError extends Error {}

export const DEFAULT_GEOCODER_USER_AGENT = 'Concierge/1.0 (self-hosted agent platform; set GEOCODER_USER_AGENT)';

/** The configured geocoder, or null when GEOCODER_URL is unset (the map then says so). */
export function geocoderFromEnv(env: FunctionEnv, fetchImpl: typeof fetch = fetch): GeocoderConfig | null {
  const raw = env.get('GEOCODER_URL')?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('GEOCODER_URL is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('GEOCODER_URL must be http(s)');
  const interval = Number(env.get('GEOCODER_MIN_INTERVAL_MS') ?? '1000');
  return {
    baseUrl: url.href.replace(/\/+$/, '').replace(/\/search$/, ''),
    userAgent: env.get('GEOCODER_USER_AGENT')?.trim() || DEFAULT_GEOCODER_USER_AGENT,
    minIntervalMs: Number.isFinite(interval) && interval >= 0 ? interval : 1000,
    timeoutMs: 10_000,
    fetch: fetchImpl,
  };
}

/**
 * Spaces requests at least `minIntervalMs` apart, in call order, however many callers wait.
 * `now`/`sleep` are injectable for tests.
 */
export function createPacer(
  minIntervalMs: number,
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): <T>(task: () => Promise<T>) => Promise<T> {
  let last = -Infinity;
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = queue.then(async () => {
      const wait = last + minIntervalMs - now();
      if (wait > 0) await sleep(wait);
      last = now();
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  };
}

const pacers = new Map<string, ReturnType<typeof createPacer>>();

/** One pacer per provider per instance: every request of this instance to it waits its turn. */
function pacerFor(config: GeocoderConfig): ReturnType<typeof createPacer> {
  const key = `${config.baseUrl}|${config.minIntervalMs}`;
  let pacer = pacers.get(key);
  if (!pacer) pacers.set(key, (pacer = createPacer(config.minIntervalMs)));
  return pacer;
}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/** Reads Nominatim's `jsonv2` answer: a list of places, the best first. */
export function parseNominatimAnswer(body: unknown): GeocodeResult {
  if (!Array.isArray(body)) throw new GeocoderError('the geocoder did not answer a list of places');
  const first = body[0] as NominatimPlace | undefined;
  if (!first) return { status: 'not_found' };
  const latitude = Number(first.lat);
  const longitude = Number(first.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    throw new GeocoderError('the geocoder answered a place without valid coordinates');
  const displayName = typeof first.display_name === 'string' ? first.display_name.slice(0, 500) : null;
  return { status: 'found', latitude, longitude, displayName };
}

export async function geocodeAddress(
  config: GeocoderConfig,
  address: string,
  language: string,
): Promise<GeocodeResult> {
  const url = `${config.baseUrl}/search?${new URLSearchParams({ q: address, format: 'jsonv2', limit: '1' })}`;
  return pacerFor(config)(async () => {
    let response: Response;
    try {
      response = await config.fetch(url, {
        headers: { 'User-Agent': config.userAgent, Accept: 'application/json', 'Accept-Language': language },
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new GeocoderError(
        `the geocoder could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new GeocoderError(`the geocoder answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GeocoderError('the geocoder answered something that is not JSON');
    }
    return parseNominatimAnswer(body);
  });
}
