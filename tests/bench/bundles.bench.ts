/**
 * `npm run bench:bundles`: builds the console and the public site and prints the two bundle
 * budgets: the console's entry chunk (dist/renderer/assets/main-*.js) raw, ≤ 600 KB, and the
 * public agent page's first-load JavaScript gzip, ≤ 80 KB. Exits 1 when one is over. Also prints,
 * without a budget, everything the console's index.html loads before any click and its largest
 * on-demand chunks (pages load with their features).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import {
  CONSOLE_MAIN_CHUNK_BUDGET_KB,
  SITE_FIRST_LOAD_BUDGET_KB,
  kb,
  readBuiltApp,
  sum,
} from './support/bundle-sizes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  await build({ configFile: path.join(root, 'renderer', 'vite.config.ts'), logLevel: 'warn' });
  await build({ configFile: path.join(root, 'public-site', 'vite.config.ts'), logLevel: 'warn' });
  const console_ = readBuiltApp(path.join(root, 'dist', 'renderer'));
  const site = readBuiltApp(path.join(root, 'dist', 'public-site'));

  const mainOk = console_.entry.raw <= CONSOLE_MAIN_CHUNK_BUDGET_KB * 1024;
  const siteJs = sum(site.firstLoadJs, 'gzip');
  const siteOk = siteJs <= SITE_FIRST_LOAD_BUDGET_KB * 1024;

  console.log('console (dist/renderer)');
  console.log(
    `  first load: ${console_.firstLoadJs.length} JavaScript files, ${kb(sum(console_.firstLoadJs, 'raw'))} KB raw, ${kb(sum(console_.firstLoadJs, 'gzip'))} KB gzip`,
  );
  for (const asset of console_.firstLoadJs)
    console.log(`    ${asset.file.padEnd(44)} ${kb(asset.raw).padStart(8)} KB ${kb(asset.gzip).padStart(7)} KB gzip`);
  console.log(`  on demand: ${console_.onDemandJs.length} JavaScript files; the largest:`);
  for (const asset of console_.onDemandJs.slice(0, 8))
    console.log(`    ${asset.file.padEnd(44)} ${kb(asset.raw).padStart(8)} KB ${kb(asset.gzip).padStart(7)} KB gzip`);
  console.log('public site (dist/public-site)');
  console.log(
    `  first load: ${site.firstLoadJs.map((a) => a.file).join(', ')}; ${site.onDemandJs.length} chunks on demand`,
  );
  console.log(
    `console main chunk ${console_.entry.file}: ${kb(console_.entry.raw)} KB raw (budget ${CONSOLE_MAIN_CHUNK_BUDGET_KB} KB) ${mainOk ? 'OK' : 'OVER BUDGET'}`,
  );
  console.log(
    `public page first-load JavaScript: ${kb(siteJs)} KB gzip (budget ${SITE_FIRST_LOAD_BUDGET_KB} KB) ${siteOk ? 'OK' : 'OVER BUDGET'}`,
  );
  if (!mainOk || !siteOk) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
