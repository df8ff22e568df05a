import type { Locator, Page } from 'playwright-core';

/** /agents/{id}/test: the owner's Test Agent sandbox (spec 001 §2.8). */
export class SandboxPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/test`, this.baseUrl).toString());
    await this.page.getByTestId('sandbox-page').waitFor();
  }

  /** What the Voice Call card says before use when voice cannot work (offline mode, no credits). */
  voiceNotice(): Locator {
    return this.page.getByTestId('sandbox-voice-notice');
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
}
