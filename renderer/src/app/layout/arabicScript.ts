/**
 * Agent names written in Arabic script get a dedicated font. The font is only
 * fetched once such a name is shown: the first call imports its stylesheet, whose @font-face rules
 * point at the woff2 files bundled from @fontsource/noto-sans-arabic (chosen because it pairs with
 * the console's sans-serif UI and is self-hosted, so the Electron app needs no network for it).
 */
// Arabic, Arabic Supplement, Arabic Extended-A/B and the two presentation-form blocks.
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u0870-\u089F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export function hasArabicScript(text: string): boolean {
  return ARABIC_SCRIPT.test(text);
}

/** The class that switches an element to the Arabic font (defined in layout.css). */
export const ARABIC_NAME_CLASS = 'is-arabic-script';

let loading: Promise<unknown> | undefined;

/** Loads the Arabic font stylesheet once; later calls reuse the same promise. */
export function loadArabicFont(): Promise<unknown> {
  loading ??= Promise.all([
    import('@fontsource/noto-sans-arabic/arabic-400.css'),
    import('@fontsource/noto-sans-arabic/arabic-600.css'),
  ]).catch((error: unknown) => {
    // Without the font the system's Arabic font still renders the name; try again next time.
    loading = undefined;
    console.warn('Arabic font failed to load', error);
  });
  return loading;
}
