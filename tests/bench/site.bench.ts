/**
 * `npm run bench:site`: builds the public site and prints what a visitor's first load costs —
 * the JavaScript and CSS index.html pulls in before any click (entry + modulepreloaded chunks),
 * gzip-compressed as served — and the chunks that load on demand. Budgets: Home ≤ 80 KB gzip of
 * JavaScript; the web widget loader ≤ 40 KB. Exits 1 when one is over.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { WIDGET_LABELS, widgetScript } from '../../public-site/server/widget.ts';
import { SITE_FIRST_LOAD_BUDGET_KB, kb, readBuiltApp, sum } from './support/bundle-sizes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = path.join(root, 'dist', 'public-site');
const WIDGET_BUDGET_KB = 40;

async function main(): Promise<void> {
  await build({ configFile: path.join(root, 'public-site', 'vite.config.ts'), logLevel: 'warn' });
  const site = readBuiltApp(outDir);
  const rows = [
    ...[...site.firstLoadJs, ...site.firstLoadCss].map((a) => ['first load', a] as const),
    ...site.onDemandJs.map((a) => ['on demand', a] as const),
  ];
  console.log('public site (gzip -9)');
  for (const [when, asset] of rows)
    console.log(`  ${when.padEnd(10)} ${asset.file.padEnd(44)} ${kb(asset.gzip).padStart(7)} KB`);
  const homeJs = sum(site.firstLoadJs, 'gzip');
  const ok = homeJs <= SITE_FIRST_LOAD_BUDGET_KB * 1024;
  console.log(
    `Home first-load JavaScript: ${kb(homeJs)} KB gzip (budget ${SITE_FIRST_LOAD_BUDGET_KB} KB) ${ok ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(`Home first-load CSS: ${kb(sum(site.firstLoadCss, 'gzip'))} KB gzip`);
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
