import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GEOCODER_USER_AGENT,
  GeocoderError,
  createPacer,
  geocodeAddress,
  geocoderFromEnv,
  parseNominatimAnswer,
} from './nominatim.ts';

const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });

describe('the Nominatim-compatible geocoder', () => {
  it('is not configured without GEOCODER_URL, and identifies itself politely when it is', () => {
    expect(geocoderFromEnv(env({}))).toBeNull();
    const config = geocoderFromEnv(env({ GEOCODER_URL: 'https://geo.example/search/' }));
    expect(config).toMatchObject({ baseUrl: 'https://geo.example', userAgent: DEFAULT_GEOCODER_USER_AGENT });
    expect(config?.minIntervalMs).toBe(1000);
    expect(() => geocoderFromEnv(env({ GEOCODER_URL: 'ftp://geo.example' }))).toThrow(/http/);
  });

  it('asks /search for one jsonv2 place with the user agent and language, and reads its point', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return Response.json([{ lat: '48.8566', lon: '2.3522', display_name: 'Paris, France' }]);
    };
    const config = {
      ...geocoderFromEnv(
        env({ GEOCODER_URL: 'http://127.0.0.1:9/', GEOCODER_USER_AGENT: 'Acme map (ops@acme.example)' }),
      )!,
      minIntervalMs: 0,
      fetch: fetchImpl,
    };
    await expect(geocodeAddress(config, '12 rue des Lilas, Paris', 'fr')).resolves.toEqual({
      status: 'found',
      latitude: 48.8566,
      longitude: 2.3522,
      displayName: 'Paris, France',
    });
    const url = new URL(seen[0]!.url);
    expect([
      url.pathname,
      url.searchParams.get('q'),
      url.searchParams.get('format'),
      url.searchParams.get('limit'),
    ]).toEqual(['/search', '12 rue des Lilas, Paris', 'jsonv2', '1']);
    expect(seen[0]!.headers.get('user-agent')).toBe('Acme map (ops@acme.example)');
    expect(seen[0]!.headers.get('accept-language')).toBe('fr');
  });

  it('an empty list is "not found"; a failure or a malformed answer is an error (never cached)', async () => {
    expect(parseNominatimAnswer([])).toEqual({ status: 'not_found' });
    expect(() => parseNominatimAnswer({ error: 'x' })).toThrow(GeocoderError);
    expect(() => parseNominatimAnswer([{ lat: 'north', lon: '2' }])).toThrow(GeocoderError);
    const config = { ...geocoderFromEnv(env({ GEOCODER_URL: 'http://127.0.0.1:9' }))!, minIntervalMs: 0 };
    const failing = { ...config, fetch: (async () => new Response('busy', { status: 503 })) as typeof fetch };
    await expect(geocodeAddress(failing, 'x', 'en')).rejects.toThrow(/503/);
    const down = { ...config, fetch: (async () => Promise.reject(new Error('ECONNREFUSED'))) as typeof fetch };
    await expect(geocodeAddress(down, 'x', 'en')).rejects.toBeInstanceOf(GeocoderError);
  });

  it('paces requests at least the interval apart, in order, even after a failure', async () => {
    let clock = 0;
    const started: number[] = [];
    const pace = createPacer(
      1000,
      () => clock,
      async (ms) => {
        clock += ms;
      },
    );
    await Promise.all([
      pace(async () => started.push(clock)),
      pace(async () => {
        started.push(clock);
        throw new Error('boom');
      }).catch(() => undefined),
      pace(async () => started.push(clock)),
    ]);
    expect(started).toEqual([0, 1000, 2000]);
  });
});
