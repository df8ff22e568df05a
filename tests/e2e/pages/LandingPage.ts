import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './ConsolePage.ts';

/** / : the public landing page. */
export class LandingPage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/');
    await this.page.locator('.landing-hero h1').waitFor();
  }

  section(anchor: string): Locator {
    return this.page.locator(`section#${anchor}`);
  }

  navAnchor(anchor: string): Locator {
    return this.page.locator(`.landing-anchors a[href="#${anchor}"]`);
  }

  async switchLanguage(lang: 'en' | 'fr'): Promise<void> {
    await this.page.locator(`.landing-header .language-switch button[lang="${lang}"]`).click();
    await this.page.waitForFunction((l) => document.documentElement.lang === l, lang);
  }

  heroTitle(): Locator {
    return this.page.locator('.landing-hero h1');
  }

  signInLink(): Locator {
    return this.page.locator('.landing-header .landing-signin');
  }

  primaryCta(): Locator {
    return this.page.locator('.landing-hero [data-cta]');
  }

  pricingCards(): Locator {
    return this.page.locator('#pricing .pack-card');
  }

  popularCard(): Locator {
    return this.page.locator('#pricing .pack-card.is-popular');
  }

  footerLink(name: string): Locator {
    return this.page.locator('.landing-footer').getByRole('link', { name });
  }

  privacySettingsButton(name: string): Locator {
    return this.page.locator('.landing-footer').getByRole('button', { name });
  }

  consentDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  bottomBar(): Locator {
    return this.page.locator('.landing-bottom-bar');
  }
}
