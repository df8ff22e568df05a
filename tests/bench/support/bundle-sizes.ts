/**
 * What a built app costs a browser, read from the build output: the files its index.html loads
 * before any click (the entry script, the chunks it modulepreloads, its stylesheets) and the chunks
 * that load on demand, raw and gzip-compressed as served. Used by bench:site and bench:bundles.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { indexHtmlAssets } from '../../support/index-html-assets.ts';

/** The console's entry chunk (dist/renderer/assets/main-*.js), raw. */
export const CONSOLE_MAIN_CHUNK_BUDGET_KB = 600;
/** The public agent page's first-load JavaScript, gzip. */
export const SITE_FIRST_LOAD_BUDGET_KB = 80;

export interface AssetSize {
  /** As index.html names it, from the app's root: `/assets/main-abc.js`. */
  file: string;
  raw: number;
  gzip: number;
}

export interface BuiltApp {
  /** The `<script type="module">` entry. */
  entry: AssetSize;
  /** The entry and every chunk index.html modulepreloads. */
  firstLoadJs: AssetSize[];
  firstLoadCss: AssetSize[];
  /** Every other JavaScript file under assets/, largest first. */
  onDemandJs: AssetSize[];
}

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
export const sum = (assets: AssetSize[], key: 'raw' | 'gzip'): number => assets.reduce((n, a) => n + a[key], 0);

function sizeOf(outDir: string, file: string): AssetSize {
  const bytes = readFileSync(path.join(outDir, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Reads a build directory (dist/renderer, dist/public-site) through its index.html. */
export function readBuiltApp(outDir: string, html = 'index.html'): BuiltApp {
  const { entry, preloaded, stylesheets } = indexHtmlAssets(readFileSync(path.join(outDir, html), 'utf8'));
  const firstLoad = new Set([entry, ...preloaded]);
  const onDemandJs = readdirSync(path.join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js') && !firstLoad.has(`/assets/${f}`))
    .map((f) => sizeOf(outDir, `/assets/${f}`))
    .sort((a, b) => b.raw - a.raw);
  return {
    entry: sizeOf(outDir, entry),
    firstLoadJs: [...firstLoad].map((f) => sizeOf(outDir, f)),
    firstLoadCss: stylesheets.map((f) => sizeOf(outDir, f)),
    onDemandJs,
  };
}
