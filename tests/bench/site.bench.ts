/**
 * `npm run bench:site`: builds the public site and prints what a visitor's first load costs —
 * the JavaScript and CSS index.html pulls in before any click (entry + modulepreloaded chunks),
 * gzip-compressed as served — and the chunks that load on demand. Budget: Home ≤ 90 KB
 * gzip of JavaScript; the web widget loader ≤ 40 KB.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { WIDGET_LABELS, widgetScript } from '../../public-site/server/widget.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'dist', 'public-site');
const HOME_BUDGET_KB = 90;
const WIDGET_BUDGET_KB = 40;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

async function main(): Promise<void> {
  await build({ configFile: path.join(root, 'public-site', 'vite.config.ts'), logLevel: 'warn' });
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const rows: [string, string, number][] = [];
  let homeJs = 0;
  let homeCss = 0;
  for (const asset of firstLoad) {
    const size = gz(path.join(outDir, asset));
    if (asset.endsWith('.js')) homeJs += size;
    else homeCss += size;
    rows.push(['first load', asset, size]);
  }
  for (const asset of readdirSync(path.join(outDir, 'assets'))) {
    if (firstLoad.includes(`/assets/${asset}`)) continue;
    rows.push(['on demand', `/assets/${asset}`, gz(path.join(outDir, 'assets', asset))]);
  }
  console.log('public site (gzip -9)');
  for (const [when, file, size] of rows)
    console.log(`  ${when.padEnd(10)} ${file.padEnd(44)} ${kb(size).padStart(7)} KB`);
  const ok = homeJs <= HOME_BUDGET_KB * 1024;
  console.log(
    `Home first-load JavaScript: ${kb(homeJs)} KB gzip (budget ${HOME_BUDGET_KB} KB) ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`Home first-load CSS: ${kb(homeCss)} KB gzip`);
  // The loader is generated per agent by the site server (/api/live-audio-widget); measure a typical one.
  const loader = widgetScript({
    embedUrl: 'https://demo.agents.example.com/?embed=widget',
    domain: 'www.example.com',
    labels: WIDGET_LABELS,
  });
  const loaderGz = gzipSync(loader, { level: 9 }).length;
  const widgetOk = loaderGz <= WIDGET_BUDGET_KB * 1024;
  console.log(
    `widget loader (/api/live-audio-widget): ${kb(loaderGz)} KB gzip (budget ${WIDGET_BUDGET_KB} KB) ${widgetOk ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log('  the widget panel then loads the agent page (?embed=widget): its chat chunks are listed above');
  if (!ok || !widgetOk) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
