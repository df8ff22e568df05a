import type { Branding } from '../api/branding.ts';
import { BRAND_FONT_STACKS } from '../conversation/brandFonts.ts';

/** Relative luminance (WCAG) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Text colour readable on a background: white on dark colours, near-black on light ones. */
export function readableOn(hex: string): string {
  return luminance(hex) > 0.4 ? '#111827' : '#ffffff';
}

/** CSS custom properties applied on the page root; colours were validated as #rrggbb already. */
export function brandingStyle(
  branding: Pick<Branding, 'primaryColor' | 'secondaryColor' | 'fontFamily'>,
): Record<string, string> {
  return {
    '--brand': branding.primaryColor,
    '--brand-ink': readableOn(branding.primaryColor),
    '--brand-2': branding.secondaryColor,
    '--font': BRAND_FONT_STACKS[branding.fontFamily],
  };
}
