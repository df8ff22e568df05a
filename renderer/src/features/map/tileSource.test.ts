import { describe, expect, it } from 'vitest';
import { tileSourceOf } from './tileSource.ts';

describe('the map tile source', () => {
  it('is the configured {z}/{x}/{y} template with its attribution', () => {
    expect(
      tileSourceOf({ mapTileUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png', mapTileAttribution: ' © Example ' }),
    ).toEqual({ url: 'https://{s}.tile.example/{z}/{x}/{y}.png', attribution: '© Example' });
  });

  it('is missing when unset or malformed, so the page shows its not-configured state', () => {
    expect(tileSourceOf({})).toBeNull();
    expect(tileSourceOf({ mapTileUrl: 'https://tile.example/tiles.png' })).toBeNull();
    expect(tileSourceOf({ mapTileUrl: 'javascript:alert(1)//{z}/{x}/{y}' })).toBeNull();
  });
});
