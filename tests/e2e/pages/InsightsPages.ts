import type { Locator, Page } from 'playwright-core';
import { ConsolePage } from './ConsolePage.ts';

/** /dashboard and /agents/{id}/dashboard: the period buttons and the figures of their cards. */
export class InsightsPage extends ConsolePage {
  constructor(page: Page, baseUrl: string) {
    super(page, baseUrl);
  }

  async openMain(): Promise<void> {
    await this.goto('/dashboard');
    await this.page.getByTestId('dashboard-page').waitFor();
    await this.card('dashboard-calls').waitFor();
  }

  /** /dashboard with no activity: its empty state's call to action. */
  async openEmptyMain(): Promise<Locator> {
    await this.goto('/dashboard');
    const empty = this.page.getByTestId('dashboard-page').locator('.bp6-non-ideal-state');
    await empty.waitFor();
    return empty;
  }

  async openAgent(agentId: string): Promise<void> {
    await this.goto(`/agents/${agentId}/dashboard`);
    await this.page.getByTestId('agent-dashboard-page').waitFor();
    await this.card('agent-calls').waitFor();
  }

  /** The value shown on a summary card ('dashboard-calls', 'agent-messages', …). */
  card(testId: string): Locator {
    return this.page.getByTestId(`${testId}-value`);
  }

  async cardValue(testId: string): Promise<string> {
    return ((await this.card(testId).textContent()) ?? '').trim();
  }

  /** Chooses 24h / 7d / 30d by the button's label and waits for that period's figures. */
  async choosePeriod(label: string): Promise<void> {
    const button = this.page.getByRole('group').getByRole('button', { name: label, exact: true });
    await button.click();
    await this.page.waitForFunction((el) => el?.getAttribute('aria-pressed') === 'true', await button.elementHandle());
  }

  statsPanelCell(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async text(testId: string): Promise<string> {
    return ((await this.page.getByTestId(testId).textContent()) ?? '').trim();
  }

  /** The main dashboard's tool usage: tool name → the runs text ('2 runs'). */
  async toolUsage(): Promise<Map<string, string>> {
    return this.tableRows('dashboard-tools');
  }

  /** The main dashboard's top questions: question → how often ('asked 3 times'). */
  async topQuestions(): Promise<Map<string, string>> {
    const items = await this.page.getByTestId('dashboard-questions').locator('li').all();
    const rows = new Map<string, string>();
    for (const item of items) {
      const [question, asked] = await item.locator('span').allTextContents();
      rows.set((question ?? '').trim(), (asked ?? '').trim());
    }
    return rows;
  }

  /** The ratings card: '1 star' … '5 stars' → count. */
  async ratingDistribution(): Promise<Map<string, string>> {
    return this.tableRows('dashboard-distribution');
  }

  private async tableRows(testId: string): Promise<Map<string, string>> {
    const rows = new Map<string, string>();
    for (const row of await this.page.getByTestId(testId).locator('tr').all()) {
      const cells = (await row.locator('th, td').allTextContents()).map((c) => c.trim());
      rows.set(cells[0] ?? '', cells[1] ?? '');
    }
    return rows;
  }
}
