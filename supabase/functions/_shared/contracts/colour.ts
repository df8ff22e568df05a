/**
 * Colours an owner picks (branding primary and secondary colours): `#rrggbb`, stored lower-case.
 * Postgres restates the pattern in private.is_valid_branding.
 */
export const HEX_COLOUR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOUR_PATTERN.test(value);
}
