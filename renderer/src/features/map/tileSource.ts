import { mapTileTemplateSchema } from '@contracts/agent-map.ts';
import type { RuntimeConfig } from '../../config/runtimeConfig.ts';

export interface TileSource {
  url: string;
  attribution: string | null;
}

/** The configured tile source, or null when none (or a malformed one) is configured. */
export function tileSourceOf(config: Pick<RuntimeConfig, 'mapTileUrl' | 'mapTileAttribution'>): TileSource | null {
  const parsed = mapTileTemplateSchema.safeParse(config.mapTileUrl ?? '');
  if (!parsed.success) return null;
  return { url: parsed.data, attribution: config.mapTileAttribution?.trim() || null };
}
