/**
 * The four branding fonts ("Look"), shared by the public site and the console's
 * branding preview (through `@conversation`): their CSS stacks, and loading of their faces.
 *
 * Faces come from @fontsource (self-hosted woff2 bundled by Vite: no font CDN, so the desktop app
 * and offline installs render the same). Only the agent's font is fetched, the first time it is
 * shown, in the weights the pages use (400, 600, 700) for Latin and Latin Extended; each
 * @font-face has a unicode-range, so the browser downloads only the files a page's text needs.
 * The stacks put system fonts after the brand font, so text shows at once and swaps when ready.
 */
export type BrandFont = 'inter' | 'roboto' | 'poppins' | 'open-sans';

export const BRAND_FONT_STACKS: Record<BrandFont, string> = {
  inter: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  roboto: "Roboto, system-ui, -apple-system, 'Segoe UI', sans-serif",
  poppins: "Poppins, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  'open-sans': "'Open Sans', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
};

// Literal import() calls, so the bundler sees (and splits out) each stylesheet.
const FACES: Record<BrandFont, () => Promise<unknown>[]> = {
  inter: () => [
    import('@fontsource/inter/latin-400.css'),
    import('@fontsource/inter/latin-600.css'),
    import('@fontsource/inter/latin-700.css'),
    import('@fontsource/inter/latin-ext-400.css'),
    import('@fontsource/inter/latin-ext-600.css'),
    import('@fontsource/inter/latin-ext-700.css'),
  ],
  roboto: () => [
    import('@fontsource/roboto/latin-400.css'),
    import('@fontsource/roboto/latin-600.css'),
    import('@fontsource/roboto/latin-700.css'),
    import('@fontsource/roboto/latin-ext-400.css'),
    import('@fontsource/roboto/latin-ext-600.css'),
    import('@fontsource/roboto/latin-ext-700.css'),
  ],
  poppins: () => [
    import('@fontsource/poppins/latin-400.css'),
    import('@fontsource/poppins/latin-600.css'),
    import('@fontsource/poppins/latin-700.css'),
    import('@fontsource/poppins/latin-ext-400.css'),
    import('@fontsource/poppins/latin-ext-600.css'),
    import('@fontsource/poppins/latin-ext-700.css'),
  ],
  'open-sans': () => [
    import('@fontsource/open-sans/latin-400.css'),
    import('@fontsource/open-sans/latin-600.css'),
    import('@fontsource/open-sans/latin-700.css'),
    import('@fontsource/open-sans/latin-ext-400.css'),
    import('@fontsource/open-sans/latin-ext-600.css'),
    import('@fontsource/open-sans/latin-ext-700.css'),
  ],
};

const loading = new Map<BrandFont, Promise<void>>();

/** Adds the font's faces to the document once; later calls share the same promise. */
export function loadBrandFont(font: BrandFont): Promise<void> {
  let pending = loading.get(font);
  if (!pending) {
    pending = Promise.all(FACES[font]()).then(
      () => undefined,
      (error: unknown) => {
        // The system fallback in the stack still renders the text; try again next time.
        loading.delete(font);
        console.warn(`font ${font} failed to load`, error);
      },
    );
    loading.set(font, pending);
  }
  return pending;
}
