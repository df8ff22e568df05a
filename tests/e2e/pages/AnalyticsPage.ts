import type { Download, Locator, Page } from 'playwright-core';
import type { insightsEn } from '../../../renderer/src/features/insights/locales/en.ts';
import { ConsolePage } from './ConsolePage.ts';

type Texts = typeof insightsEn;

/** /analytics: range, agent, channel and measure choices, the three tables and the CSV and JSON exports. */
export class AnalyticsPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    private readonly texts: Texts,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/analytics');
    await this.page.getByTestId('analytics-page').waitFor();
    await this.page.getByTestId('analytics-channels').waitFor();
  }

  /** Follows the sidebar's Analytics link (the one that used to land on Not Found). */
  async openFromSidebar(label: string): Promise<void> {
    await this.goto('/dashboard');
    await this.page.getByTestId('dashboard-page').waitFor();
    await this.page.getByRole('link', { name: label, exact: true }).first().click();
    await this.waitForPath('/analytics');
    await this.page.getByTestId('analytics-page').waitFor();
  }

  private async press(button: Locator): Promise<void> {
    await button.click();
    await this.page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await button.elementHandle());
  }

  async chooseRange(range: keyof Texts['analytics']['ranges']): Promise<void> {
    await this.press(this.page.getByRole('button', { name: this.texts.analytics.ranges[range], exact: true }));
  }

  async chooseMetric(metric: keyof Texts['metrics']): Promise<void> {
    const group = this.page.getByRole('group', { name: this.texts.analytics.metric });
    await this.press(group.getByRole('button', { name: this.texts.metrics[metric], exact: true }));
  }

  async filterAgent(name: string): Promise<void> {
    await this.page.getByLabel(this.texts.analytics.agent, { exact: true }).selectOption({ label: name });
  }

  /** A measure of one channel over the range, as the per-channel table shows it. */
  async channelValue(channel: keyof Texts['channels'], metric: keyof Texts['metrics']): Promise<string> {
    const cell = this.page.getByTestId(`analytics-channel-${channel}`).locator(`td[data-metric="${metric}"]`);
    return ((await cell.textContent()) ?? '').trim();
  }

  /** Waits until a channel's measure shows `value` (after a filter or range change refetches). */
  async waitForChannelValue(channel: string, metric: string, value: string): Promise<void> {
    await this.page.waitForFunction(
      ([c, m, v]) =>
        document.querySelector(`[data-testid="analytics-channel-${c}"] td[data-metric="${m}"]`)?.textContent?.trim() ===
        v,
      [channel, metric, value] as const,
    );
  }

  /** The per-day table's cell for one day (yyyy-MM-dd) and channel ('total' for the total). */
  async dayValue(date: string, channel: string): Promise<string> {
    const cell = this.page.getByTestId(`analytics-day-${date}`).locator(`td[data-channel="${channel}"]`);
    return ((await cell.textContent()) ?? '').trim();
  }

  async dayCount(): Promise<number> {
    return this.page.getByTestId('analytics-days').locator('tbody tr').count();
  }

  /** The export buttons read '{Export} · CSV' and '{Export} · JSON'. */
  async exportSeries(format: 'CSV' | 'JSON'): Promise<Download> {
    const waiting = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: `${this.texts.analytics.export} · ${format}`, exact: true }).click();
    return waiting;
  }
}
