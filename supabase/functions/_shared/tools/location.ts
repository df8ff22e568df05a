/**
 * `manage_location`: geocoding through Google's Geocoding API when GOOGLE_MAPS_API_KEY is set
 * (GOOGLE_MAPS_API_URL overrides the base URL, for tests); otherwise a plain 'not configured'
 * result. Routes, directions and nearby search need a routing provider that is not wired yet.
 */
import type { ToolOutcome } from '../conversation/turn.ts';
import { fail, notConfigured, ok, text, type ToolContext } from './context.ts';

interface GeocodeAnswer {
  status?: string;
  results?: { formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } }[];
}

export async function manageLocation(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const key = context.env.get('GOOGLE_MAPS_API_KEY')?.trim();
  if (!key) return notConfigured('Location search');
  const action = text(args, 'action');
  if (action !== 'geocode_address') return notConfigured(`The ${String(action)} location service`);
  const address = text(args, 'address', 500);
  if (!address) return fail('address is required');
  const base = (context.env.get('GOOGLE_MAPS_API_URL')?.trim() || 'https://maps.googleapis.com').replace(/\/+$/, '');
  const region = typeof context.config.region === 'string' ? context.config.region.toLowerCase() : 'fr';
  const url = `${base}/maps/api/geocode/json?${new URLSearchParams({ address, key, region, language: context.language })}`;
  const response = await context.fetch(url, { signal: context.signal });
  if (!response.ok) return fail(`the geocoding provider answered ${response.status}`);
  const body = (await response.json()) as GeocodeAnswer;
  const first = body.results?.[0];
  if (body.status === 'ZERO_RESULTS' || !first?.geometry?.location) return ok({ found: false, address });
  if (body.status !== 'OK') return fail(`the geocoding provider answered ${String(body.status)}`);
  return ok({
    found: true,
    address: first.formatted_address ?? address,
    latitude: first.geometry.location.lat,
    longitude: first.geometry.location.lng,
  });
}
