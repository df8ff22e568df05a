/**
 * A loopback stand-in for the map's two providers:
 *   GET /search?q=…&format=jsonv2&limit=1   Nominatim-compatible geocoding of the places the test
 *                                           registers (unknown addresses answer an empty list)
 *   GET /tiles/{z}/{x}/{y}.png              a map tile (a 1×1 PNG), counted per request
 * Every geocoding request is recorded (query and User-Agent); a test can make the next ones fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeoRequest {
  q: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
}

export interface FakeGeo {
  url: string;
  /** GEOCODER_URL / GEOCODER_* pointing a function at this fake (no pacing). */
  geocoderEnv: Record<string, string>;
  /** A tile URL template for the console (`CONCIERGE_MAP_TILE_URL`). */
  tileTemplate: string;
  searches: GeoRequest[];
  tileRequests: string[];
  /** Registers the point an address geocodes to (matched case-insensitively, trimmed). */
  place(address: string, latitude: number, longitude: number, displayName?: string): void;
  /** The next `times` searches answer `status`. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export async function startFakeGeo(): Promise<FakeGeo> {
  const places = new Map<string, { lat: string; lon: string; display_name: string }>();
  const searches: GeoRequest[] = [];
  const tileRequests: string[] = [];
  let failures: { status: number; times: number } | null = null;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/search') {
      const q = url.searchParams.get('q') ?? '';
      searches.push({
        q,
        userAgent: req.headers['user-agent'],
        acceptLanguage: req.headers['accept-language'] as string | undefined,
      });
      if (failures && failures.times > 0) {
        failures.times -= 1;
        res.writeHead(failures.status, { 'content-type': 'text/plain' }).end('unavailable');
        return;
      }
      const found = places.get(q.trim().toLowerCase());
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found ? [found] : []));
      return;
    }
    if (req.method === 'GET' && /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      tileRequests.push(url.pathname);
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(PIXEL);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    geocoderEnv: {
      GEOCODER_URL: url,
      GEOCODER_USER_AGENT: 'Concierge tests (fake geocoder)',
      GEOCODER_MIN_INTERVAL_MS: '0',
    },
    tileTemplate: `${url}/tiles/{z}/{x}/{y}.png`,
    searches,
    tileRequests,
    place(address, latitude, longitude, displayName = address) {
      places.set(address.trim().toLowerCase(), {
        lat: String(latitude),
        lon: String(longitude),
        display_name: displayName,
      });
    },
    failNext(status, times = 1) {
      failures = { status, times };
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
