// Renders icon.svg to icon.png (1024 px, transparent corners) with the system Chromium, so the
// icon has one source. electron-builder derives the .ico, .icns and Linux sizes from icon.png.
// Usage: node resources/render-icon.mjs
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const svg = await readFile(here('icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1024, height: 1024 }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: here('icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
