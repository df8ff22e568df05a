/**
 * What a built app's index.html loads before any click, as paths from the app's root
 * (`/assets/main-abc.js`): the module entry, the chunks it modulepreloads, its stylesheets. The
 * bundle benches measure these files; the console's chunk test checks the browser fetches no more.
 */
export interface IndexHtmlAssets {
  entry: string;
  preloaded: string[];
  stylesheets: string[];
}

export function indexHtmlAssets(html: string): IndexHtmlAssets {
  // Asset URLs are absolute (`/assets/…`, the site) or relative to `<base href="/">` (`./assets/…`).
  const named = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => `/${m[1]!}`);
  const entries = named(/<script type="module"[^>]*\ssrc="(?:\.?\/)?(assets\/[^"]+\.js)"/g);
  if (entries.length !== 1) throw new Error(`index.html: expected one module script, found ${entries.length}`);
  return {
    entry: entries[0]!,
    preloaded: named(/<link rel="modulepreload"[^>]*\shref="(?:\.?\/)?(assets\/[^"]+\.js)"/g),
    stylesheets: named(/<link rel="stylesheet"[^>]*\shref="(?:\.?\/)?(assets\/[^"]+\.css)"/g),
  };
}
