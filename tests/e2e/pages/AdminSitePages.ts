import type { Locator, Page } from 'playwright-core';
import type { adminEn } from '../../../renderer/src/features/admin/locales/en.ts';
import type { billingEn } from '../../../renderer/src/features/billing/locales/en.ts';
import type { marketplaceEn } from '../../../renderer/src/features/marketplace/locales/en.ts';
import type { packsEn } from '../../../renderer/src/features/packs/locales/en.ts';
import type { siteConfigEn } from '../../../renderer/src/features/siteConfig/locales/en.ts';
import { ConsolePage } from './ConsolePage.ts';

/** /admin/packs: tabs, the pack dialog and Save Changes. */
export class PacksAdminPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: typeof packsEn,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/admin/packs');
    await this.heading(this.texts.page.title).waitFor();
  }

  async openTab(name: keyof typeof packsEn.tabs): Promise<void> {
    await this.page.getByRole('tab', { name: this.texts.tabs[name] }).click();
  }

  async addPack(values: { name: string; monthly: string; minutes: string }): Promise<void> {
    await this.openTab('plans');
    await this.page.getByRole('button', { name: this.texts.plans.add }).click();
    const dialog = this.page.getByRole('dialog', { name: this.texts.form.addTitle });
    await dialog.getByLabel(this.texts.form.name).fill(values.name);
    await dialog.getByLabel(this.texts.form.monthly_price).fill(values.monthly);
    await dialog.getByLabel(this.texts.form.minutes, { exact: true }).fill(values.minutes);
    await dialog.getByRole('button', { name: this.texts.form.add, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async deletePack(name: string): Promise<void> {
    await this.openTab('plans');
    await this.page.getByRole('button', { name: this.texts.plans.delete.replace('{{name}}', name) }).click();
  }

  planRow(name: string): Locator {
    return this.page.locator(`tr[data-pack-row="${name}"]`);
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.page.save });
  }

  stat(id: 'total' | 'average' | 'free'): Locator {
    return this.page.locator(`[data-stat="${id}"]`);
  }
}

/** /site-config: the SEO tabs and Save Changes. */
export class SiteConfigAdminPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: typeof siteConfigEn,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/site-config');
    await this.heading(this.texts.page.title).waitFor();
  }

  async setMetaTitle(title: string): Promise<void> {
    await this.page.getByRole('tab', { name: this.texts.tabs.meta }).click();
    await this.page.getByLabel(this.texts.fields.meta_title).fill(title);
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.page.save });
  }

  /** Uploads a favicon file on the Favicon tab (to the site-assets bucket). */
  async uploadFavicon(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.page.getByRole('tab', { name: this.texts.tabs.favicon }).click();
    await this.page.getByLabel(this.texts.fields.faviconUpload).setInputFiles(file);
  }

  faviconPreview(): Locator {
    return this.page.getByRole('img', { name: this.texts.fields.faviconPreview });
  }

  faviconField(): Locator {
    return this.page.getByLabel(this.texts.fields.favicon, { exact: true });
  }
}

/** /marketplace: search, category buttons and agent cards. */
export class MarketplacePage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: typeof marketplaceEn,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/marketplace');
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: this.texts.search }).fill(text);
  }

  async filter(category: keyof typeof marketplaceEn.categories): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.categories[category], exact: true }).click();
  }

  card(agentName: string): Locator {
    return this.page.getByRole('link', { name: agentName, exact: true });
  }

  cards(): Locator {
    return this.page.locator('.marketplace-card');
  }

  emptyState(): Locator {
    return this.page.getByText(this.texts.empty);
  }

  accessDenied(): Locator {
    return this.page.getByText(this.texts.accessDenied);
  }
}

/** /admin/billing: totals, months, the paged transactions and the CSV export. */
export class BillingAdminPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: typeof billingEn,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/admin/billing');
    await this.heading(this.texts.title).waitFor();
  }

  stat(id: 'revenue' | 'refunds' | 'subscriptions' | 'credits'): Locator {
    return this.page.locator(`[data-stat="${id}"]`);
  }

  /** The by-month table's row of a month ('2026-11'). */
  monthRow(month: string): Locator {
    return this.page.locator('tr').filter({ has: this.page.getByRole('cell', { name: month, exact: true }) });
  }

  /** Rows of the transactions table (the last table of the page). */
  transactionRows(): Locator {
    return this.page.locator('table').last().locator('tbody tr');
  }

  pageLabel(page: number, pages: number): Locator {
    return this.page.getByRole('button', {
      name: this.texts.page.replace('{{page}}', String(page)).replace('{{pages}}', String(pages)),
    });
  }

  async nextPage(): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.next }).click();
  }

  /** Clicks Export CSV and returns the downloaded file's name and text. */
  async exportCsv(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByRole('button', { name: this.texts.exportCsv }).click(),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}

/** /admin/numbers: every number with its owner and agent; Buy Number disabled with its reason. */
export class NumbersAdminPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: typeof adminEn,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/admin/numbers');
    await this.heading(this.texts.numbers.title).waitFor();
  }

  row(phoneNumber: string): Locator {
    return this.page.locator('tbody tr').filter({ hasText: phoneNumber });
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: this.texts.numbers.search }).fill(text);
  }

  buyButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.numbers.buy });
  }

  buyReason(): Locator {
    return this.page.getByText(this.texts.numbers.buyUnavailable).first();
  }
}
