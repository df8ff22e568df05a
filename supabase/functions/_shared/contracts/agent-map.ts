/**
 * /map: the wire format of the `agent-map` function (the caller's agents placed at
 * their geocoded business addresses), the map's default view and the tile source
 * rule shared by the console (which draws the tiles) and the servers (whose CSP must allow them).
 */
import { z } from 'zod';

/** Where the map looks when no agent has a location: Morocco. */
export const MAP_DEFAULT_VIEW = { latitude: 28.79, longitude: -9.6, zoom: 6 } as const;

/** At most this many agents' addresses are sent to the provider per request; the rest wait. */
export const GEOCODE_BATCH = 10;

/** An address as it is geocoded and compared with the cache: trimmed, inner spaces collapsed. */
export function normaliseAddress(address: string | null | undefined): string | null {
  const text = (address ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, 500);
}

export const agentMapRequestSchema = z
  .object({
    /** Only these of the caller's agents (any other id is ignored as someone else's or missing). */
    agentIds: z.array(z.uuid()).min(1).max(100).optional(),
  })
  .strict();
export type AgentMapRequest = z.infer<typeof agentMapRequestSchema>;

export const agentMapPointSchema = z.object({
  agentId: z.uuid(),
  name: z.string(),
  subdomain: z.string().nullable(),
  address: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  displayName: z.string().nullable(),
});
export type AgentMapPoint = z.infer<typeof agentMapPointSchema>;

/** Agents with an address that is not on the map, and why. */
export const agentMapUnlocatedSchema = z.object({
  agentId: z.uuid(),
  name: z.string(),
  address: z.string(),
  /** not_found: the provider knows no such place; pending: not asked yet (next request); failed: the provider failed. */
  reason: z.enum(['not_found', 'pending', 'failed']),
});
export type AgentMapUnlocated = z.infer<typeof agentMapUnlocatedSchema>;

export const agentMapResponseSchema = z.object({
  /** Whether a geocoding provider is configured (GEOCODER_URL); without one nothing is geocoded. */
  geocoder: z.enum(['configured', 'not_configured']),
  points: z.array(agentMapPointSchema),
  unlocated: z.array(agentMapUnlocatedSchema),
  /** The caller's agents without any address. */
  withoutAddress: z.number().int().min(0),
});
export type AgentMapResponse = z.infer<typeof agentMapResponseSchema>;

/**
 * A raster tile source: an http(s) URL template with {z}, {x} and {y} (and optionally {s} for
 * Leaflet's subdomains, {r} for retina), e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png.
 */
export const mapTileTemplateSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s"'<>;,]+$/, 'must be an http(s) URL')
  .refine((t) => ['{z}', '{x}', '{y}'].every((p) => t.includes(p)), 'must contain {z}, {x} and {y}')
  .refine((t) => tileSourceOrigin(t) !== null, 'must have a plain host name');

/**
 * The CSP source that allows a tile template's images: its scheme, host and port, with the `{s}`
 * subdomain label as a `*.` wildcard. null when the template's host is not a plain host name.
 */
export function tileSourceOrigin(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const scheme = match[1]!.toLowerCase();
  const host = match[2]!.toLowerCase().replace(/^\{s\}\./, '*.');
  if (!/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(host) && !/^\[[0-9a-f:]+\](:\d{1,5})?$/.test(host)) return null;
  return `${scheme}://${host}`;
}
