import type { Locator, Page } from 'playwright-core';
import type { mapEn } from '../../../renderer/src/features/map/locales/en.ts';
import { ConsolePage } from './ConsolePage.ts';

/** /map: the owner's agents on the map, or the page's not-configured and empty states. */
export class AgentMapPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: typeof mapEn,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/map');
    await this.heading(this.texts.title).waitFor();
  }

  /** The map region (Leaflet's canvas inside it). */
  map(): Locator {
    return this.page.getByRole('region', { name: this.texts.mapLabel });
  }

  /** An agent's marker, named by the agent. */
  marker(agentName: string): Locator {
    return this.map().locator(`.leaflet-marker-icon[title="${agentName}"]`);
  }

  /** Map tiles drawn from the configured tile source. */
  loadedTiles(): Locator {
    return this.map().locator('img.leaflet-tile-loaded');
  }

  popup(): Locator {
    return this.map().locator('.leaflet-popup-content');
  }

  notConfigured(): Locator {
    return this.heading(this.texts.notConfigured.title);
  }

  notConfiguredReason(reason: 'tiles' | 'geocoder'): Locator {
    return this.page.getByText(this.texts.notConfigured[reason]);
  }
}
