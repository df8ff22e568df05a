import type { Locator, Page } from 'playwright-core';

/** /agents/{id}/test: the owner's Test Agent sandbox. */
export class SandboxPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/test`, this.baseUrl).toString());
    await this.page.getByTestId('sandbox-page').waitFor();
  }

  /** The chat's message input. */
  chatInput(): Locator {
    return this.page.getByTestId('chat-input');
  }

  /** The console's bottom navigation on a phone. */
  mobileBar(): Locator {
    return this.page.locator('nav.console-mobile-bar');
  }

  /** What the Voice Call card says before use when voice cannot work (offline mode, no credits). */
  voiceNotice(): Locator {
    return this.page.getByTestId('sandbox-voice-notice');
  }

  /** The line on the Voice Call card saying the test uses minutes, shown before any call. */
  voiceCost(): Locator {
    return this.page.getByTestId('sandbox-voice-cost');
  }

  /** The same line on the Phone Call card. */
  phoneCost(): Locator {
    return this.page.getByTestId('sandbox-phone-cost');
  }

  callButton(): Locator {
    return this.page.getByTestId('sandbox-call');
  }

  micButton(): Locator {
    return this.page.getByTestId('sandbox-mic');
  }

  /** The line under the chat input explaining why the microphone is off. */
  micNote(): Locator {
    return this.page.getByTestId('sandbox-mic-offline');
  }

  /** The side card listing the agent's knowledge documents. */
  knowledge(): Locator {
    return this.page.getByTestId('sandbox-knowledge');
  }

  async ask(question: string): Promise<void> {
    await this.page.getByTestId('chat-input').fill(question);
    await this.page.getByTestId('chat-input').press('Enter');
  }

  lastReply(): Locator {
    return this.page.getByTestId('chat-message-assistant').last();
  }

  async replyText(reply: Locator): Promise<string> {
    return ((await reply.locator('.cv-text').textContent()) ?? '').trim();
  }

  /** The document names on a reply's citation chips. */
  async citationNames(reply: Locator): Promise<string[]> {
    return reply.getByTestId('chat-citation').allTextContents();
  }

  // ---- Call as a phone caller ----

  /** Starts the sandbox phone call and waits until the relay has answered. */
  async callAsPhoneCaller(): Promise<void> {
    await this.page.getByTestId('sandbox-phone-call').click();
    await this.page.locator('[data-testid="sandbox-phone"][data-status="in_progress"]').waitFor({ timeout: 30_000 });
  }

  phoneCall(): Locator {
    return this.page.getByTestId('sandbox-phone');
  }

  /** What the dialog says about hearing the caller (the typed fallback's note without recognition). */
  phoneListening(): Locator {
    return this.page.getByTestId('sandbox-phone-listening');
  }

  phoneMode(): Locator {
    return this.page.getByTestId('sandbox-phone-mode');
  }

  phoneTimer(): Locator {
    return this.page.getByTestId('sandbox-phone-timer');
  }

  /** The typed fallback: what the caller says. */
  async sayOnPhone(text: string): Promise<void> {
    const input = this.page.getByLabel(/Type what the caller says|Écrivez ce que dit l'appelant/);
    await input.fill(text);
    await input.press('Enter');
  }

  phoneAgentLines(): Locator {
    return this.page.getByTestId('sandbox-phone-agent');
  }

  phoneCallerLines(): Locator {
    return this.page.getByTestId('sandbox-phone-caller');
  }

  /** The agent's line at `index` (0 = the welcome line) once it has finished streaming. */
  async phoneAgentLine(index: number): Promise<string> {
    const reply = this.phoneAgentLines().nth(index);
    await reply.and(this.page.locator('[data-streaming="false"]')).waitFor({ timeout: 30_000 });
    return ((await reply.locator('.sandbox-phone__text').textContent()) ?? '').trim();
  }

  /** The agent's reply to the caller's latest words, once it has finished streaming. */
  async phoneAnswer(): Promise<string> {
    const reply = this.page
      .locator('[data-testid="sandbox-phone-caller"] ~ [data-testid="sandbox-phone-agent"]')
      .last()
      .and(this.page.locator('[data-streaming="false"]'));
    await reply.waitFor({ timeout: 30_000 });
    return ((await reply.locator('.sandbox-phone__text').textContent()) ?? '').trim();
  }

  async endPhoneCall(): Promise<void> {
    await this.page.getByTestId('sandbox-phone-end').click();
    await this.page.locator('[data-testid="sandbox-phone"][data-status="ended"]').waitFor();
  }

  phoneEnded(): Locator {
    return this.page.getByTestId('sandbox-phone-ended');
  }

  async closePhoneCall(): Promise<void> {
    await this.page.getByTestId('sandbox-phone-close').click();
    await this.phoneCall().waitFor({ state: 'detached' });
  }
}
