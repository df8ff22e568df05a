import type { Locator } from 'playwright-core';
import { SitePage } from './SitePage.ts';
import { LimitCounter } from './LimitCounter.ts';

export type SiteTab = 'home' | 'about' | 'media' | 'videos';

/** A loaded agent page: tabs, top bar, dialogs, toast and the chat. */
export class AgentSitePage extends SitePage {
  get heroTitle(): Locator {
    return this.page.locator('[data-testid="home-tab"] h1');
  }

  /** The brand colour the page is painted with (the `--brand` custom property). */
  async brandColour(): Promise<string> {
    return this.page
      .getByTestId('agent-page')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--brand').trim());
  }

  get availability(): Locator {
    return this.page.locator('[data-testid="home-tab"] .agent__available');
  }

  tab(tab: SiteTab): Locator {
    return this.page.getByTestId(`tab-${tab}`);
  }

  async visibleTabs(): Promise<string[]> {
    const ids = await this.page
      .locator('[data-testid^="tab-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('tab-', ''));
  }

  async openTab(tab: SiteTab): Promise<void> {
    await this.tab(tab).click();
    await this.page.getByTestId(`${tab}-tab`).waitFor();
  }

  get aboutText(): Locator {
    return this.page.locator('[data-testid="about-tab"] .rich');
  }

  async openQr(): Promise<Locator> {
    await this.page.getByTestId('open-qr').click();
    const dialog = this.page.getByTestId('qr-dialog');
    await dialog.getByTestId('qr-code').waitFor();
    return dialog;
  }

  async closeQr(): Promise<void> {
    await this.page.getByTestId('qr-close').click();
    await this.page.getByTestId('qr-dialog').waitFor({ state: 'detached' });
  }

  async share(): Promise<void> {
    await this.page.getByTestId('share').click();
  }

  /** The tracking consent banner (only on pages whose owner switched tracking on). */
  get consentBanner(): Locator {
    return this.page.getByTestId('consent-banner');
  }

  async acceptTracking(): Promise<void> {
    await this.consentBanner.getByTestId('consent-accept').click();
    await this.consentBanner.waitFor({ state: 'detached' });
  }

  async refuseTracking(): Promise<void> {
    await this.consentBanner.getByTestId('consent-refuse').click();
    await this.consentBanner.waitFor({ state: 'detached' });
  }

  /** Footer "Privacy settings": asks the consent question again. */
  async openPrivacySettings(): Promise<void> {
    await this.page.getByTestId('privacy-settings').click();
    await this.consentBanner.waitFor();
  }

  get toast(): Locator {
    return this.page.getByTestId('toast');
  }

  async openCall(): Promise<Locator> {
    await this.page.getByTestId('open-call').click();
    const dialog = this.page.getByTestId('call-unavailable');
    await dialog.waitFor();
    return dialog;
  }

  /** AI Call when voice is available: the call overlay. */
  async openCallOverlay(): Promise<Locator> {
    await this.page.getByTestId('open-call').click();
    const overlay = this.page.getByTestId('call-overlay');
    await overlay.waitFor();
    return overlay;
  }

  async callStatus(): Promise<string | null> {
    return this.page.getByTestId('call-overlay').getAttribute('data-status');
  }

  async openChat(): Promise<void> {
    await this.page.getByTestId('open-chat').click();
    await this.page.getByTestId('chat-input').waitFor();
  }

  async sendChat(text: string): Promise<void> {
    await this.page.getByTestId('chat-input').fill(text);
    await this.page.getByTestId('chat-input').press('Enter');
  }

  get chatInput(): Locator {
    return this.page.getByTestId('chat-input');
  }

  /** The message's length against the server's limit, under the input. */
  get chatCounter(): LimitCounter {
    return new LimitCounter(this.page.getByTestId('chat-counter'));
  }

  get userMessages(): Locator {
    return this.page.getByTestId('chat-message-user');
  }

  get assistantMessages(): Locator {
    return this.page.getByTestId('chat-message-assistant');
  }

  get citations(): Locator {
    return this.page.getByTestId('chat-citation');
  }

  get offlineLabels(): Locator {
    return this.page.getByTestId('chat-offline');
  }

  get typingIndicator(): Locator {
    return this.page.getByTestId('chat-typing');
  }

  /** The visitor key and the saved conversation id the page keeps in localStorage. */
  async chatSession(agentKey: string): Promise<{ visitorKey: string | null; conversationId: string | null }> {
    return this.page.evaluate(
      (key) => ({
        visitorKey: localStorage.getItem('concierge.visitorKey'),
        conversationId: localStorage.getItem(`concierge.conversation.web.${key}`),
      }),
      agentKey,
    );
  }
}
