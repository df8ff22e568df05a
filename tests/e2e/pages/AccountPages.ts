import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './ConsolePage.ts';

/** /email-verification: the result of opening the confirmation link. */
export class EmailVerificationPage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  verifiedEmail(): Locator {
    return this.page.getByTestId('verified-email');
  }

  continueToSignIn(name: string): Locator {
    return this.page.getByRole('link', { name });
  }

  alert(): Locator {
    return this.page.getByRole('alert');
  }
}

/** /credits: balance, subscription, free pack, offers and history. */
export class CreditsPage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  balance(): Locator {
    return this.page.getByTestId('credit-balance').locator('.credits-balance-value');
  }

  /** The balance card's balance line, worded as the sidebar's ('Balance: 60 minutes'). */
  figuresBalance(): Locator {
    return this.page.getByTestId('credit-balance').getByTestId('minutes-balance');
  }

  /** The balance card's pack line, worded as the sidebar's ('Pack minutes this period: 0 / 60'). */
  figuresPeriod(): Locator {
    return this.page.getByTestId('credit-balance').getByTestId('minutes-period');
  }

  subscription(): Locator {
    return this.page.getByTestId('current-subscription');
  }

  freePackButton(): Locator {
    return this.page.getByTestId('free-pack').getByRole('button');
  }

  offerCards(): Locator {
    return this.page.locator('.offers-grid .pack-card');
  }

  historyRows(): Locator {
    return this.page.locator('.credits-history tbody tr');
  }
}

/** /profile: the Profile, Settings and Credits tabs. */
export class ProfilePage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }

  avatarImage(): Locator {
    return this.page.getByTestId('profile-avatar');
  }

  async uploadAvatar(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.locator('#profile-avatar-input').setInputFiles(file);
  }

  setting(key: 'emailAlerts' | 'featureAnnouncements' | 'usageReports'): Locator {
    return this.page.locator(`input[data-setting="${key}"]`);
  }

  languageSelect(): Locator {
    return this.page.locator('#profile-language');
  }

  signOutButton(name: string): Locator {
    return this.page.locator('.profile-actions').getByRole('button', { name });
  }
}

/** /privacy and /legal. */
export class LegalPage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  sections(): Locator {
    return this.page.locator('section.legal-section');
  }

  backHome(name: string): Locator {
    return this.page.locator('.legal-header').getByRole('link', { name });
  }
}
