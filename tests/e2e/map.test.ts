import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mapEn } from '../../renderer/src/features/map/locales/en.ts';
import { startFakeGeo, type FakeGeo } from '../fakes/geo/server.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { AgentMapPage } from './pages/MapPage.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { startTempProduct } from './support/temp-product.ts';

/**
 * /map: with a geocoder and a tile source configured (loopback fakes), the demo
 * owner's agent is a marker at its business address over tiles the console's CSP lets in; the
 * shared product, configured with neither, says so instead of drawing a blank page.
 */
const shared = inject('product');
const demo = shared.demo;
const DEMO_ADDRESS = '12 rue des Lilas, 75011 Paris, France';
let browser: Browser;
let geo: FakeGeo;
let configured: Awaited<ReturnType<typeof startTempProduct>> | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  geo = await startFakeGeo();
  geo.place(DEMO_ADDRESS, 48.8589, 2.3799, 'Rue des Lilas, Paris');
  configured = await startTempProduct({
    ...process.env,
    ...geo.geocoderEnv,
    CONCIERGE_MAP_TILE_URL: geo.tileTemplate,
    CONCIERGE_MAP_TILE_ATTRIBUTION: 'Test tiles',
  });
});
afterAll(async () => {
  await browser?.close();
  await configured?.stop();
  await geo?.close();
});

async function ownerOn(consoleUrl: string) {
  const { context, page } = await newPage(browser, DESKTOP);
  await new ConsolePage(page, consoleUrl).signIn(demo.DEMO_OWNER_EMAIL, demo.DEMO_OWNER_PASSWORD);
  return { context, map: new AgentMapPage(page, consoleUrl, mapEn) };
}

describe('/map', () => {
  it('shows the demo agent as a marker at its geocoded address, over the configured tiles', async () => {
    const { context, map } = await ownerOn(configured!.product.consoleUrl);
    const violations: string[] = [];
    map.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await map.open();
    await map.marker('Clara').waitFor();
    await expect.poll(() => map.loadedTiles().count()).toBeGreaterThan(0);
    expect(geo.tileRequests.length).toBeGreaterThan(0);
    expect(geo.searches.map((s) => s.q)).toEqual([DEMO_ADDRESS]);
    await map.marker('Clara').click();
    await expect.poll(() => map.popup().textContent()).toContain(DEMO_ADDRESS);
    expect(violations).toEqual([]);
    await screenshot(map.page, 'map-demo-agent');

    // The second visit is answered from the cache: the geocoder is not asked again.
    await map.open();
    await map.marker('Clara').waitFor();
    expect(geo.searches).toHaveLength(1);
    await context.close();
  });

  it('says the map is not configured (never a blank page) without a tile source or geocoder', async () => {
    const { context, map } = await ownerOn(shared.consoleUrl);
    await map.open();
    await map.notConfigured().waitFor();
    await map.notConfiguredReason('tiles').waitFor();
    expect(await map.map().count()).toBe(0);
    await screenshot(map.page, 'map-not-configured');
    await context.close();
  });
});
