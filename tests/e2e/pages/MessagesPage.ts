import type { Locator, Page } from 'playwright-core';
import { messagesEn } from '../../../renderer/src/features/messages/locales/en.ts';

/** /agents/{id}/messages and /messages: the owner's WhatsApp conversations (English). */
export class MessagesPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async gotoAgent(agentId: string, agentName: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/messages`, this.baseUrl).toString());
    await this.page
      .getByRole('heading', { name: messagesEn.agentTitle.replace('{{agent}}', agentName), exact: true })
      .waitFor();
  }

  async gotoAll(): Promise<void> {
    await this.page.goto(new URL('/messages', this.baseUrl).toString());
    await this.page.getByRole('heading', { name: messagesEn.title, exact: true }).waitFor();
  }

  /** What the per-agent page shows while the agent has no WhatsApp sender. */
  notConnected(): Locator {
    return this.page.getByTestId('whatsapp-not-connected');
  }

  connectWhatsAppLink(): Locator {
    return this.notConnected().getByRole('link', { name: messagesEn.notConnected.action });
  }

  /** The conversation with a WhatsApp user in the list (E.164 as stored). */
  thread(contact: string): Locator {
    return this.page.getByRole('navigation', { name: messagesEn.threads.label }).locator(`[data-contact="${contact}"]`);
  }

  threadAgent(contact: string): Locator {
    return this.thread(contact).getByTestId('wa-thread-agent');
  }

  async open(contact: string): Promise<void> {
    await this.thread(contact).click();
    await this.openThread().waitFor();
  }

  openThread(): Locator {
    return this.page.getByTestId('wa-thread-panel');
  }

  /** A message of the open thread, by its text and side ('inbound' = the customer). */
  message(text: string, direction?: 'inbound' | 'outbound'): Locator {
    const messages = this.openThread().getByTestId('wa-message');
    return (direction ? messages.and(this.page.locator(`[data-direction="${direction}"]`)) : messages).filter({
      hasText: text,
    });
  }

  /** Who a message is from as the thread labels it ('Customer', 'Agent', 'You (owner)'). */
  author(text: string): Locator {
    return this.message(text).getByTestId('wa-author');
  }

  delivery(text: string): Locator {
    return this.message(text).getByTestId('wa-delivery');
  }

  failure(text: string): Locator {
    return this.message(text).getByTestId('wa-failure');
  }

  /** The open thread's composer (free text inside the 24-hour window, templates outside it). */
  composer(): Locator {
    return this.openThread().getByTestId('wa-composer');
  }

  /** Why only a template can be sent (the customer last wrote more than 24 hours ago). */
  windowClosedNotice(): Locator {
    return this.composer().getByTestId('wa-window-closed');
  }

  /** Sends an approved template from the composer, its variables by number ("1" → "Ana"). */
  async sendTemplate(label: string, variables: Record<string, string>): Promise<void> {
    const composer = this.composer();
    await composer.getByRole('combobox', { name: messagesEn.template.label }).selectOption({ label });
    for (const [key, value] of Object.entries(variables)) {
      await composer.getByLabel(messagesEn.template.variable.replace('{{n}}', key), { exact: true }).fill(value);
    }
    await composer.getByRole('button', { name: messagesEn.composer.sendTemplate }).click();
  }

  /** Writes a free-form message from the composer (inside the window). */
  async sendText(text: string): Promise<void> {
    await this.composer().getByRole('textbox', { name: messagesEn.composer.label }).fill(text);
    await this.composer().getByRole('button', { name: messagesEn.composer.send, exact: true }).click();
  }

  emptyState(): Locator {
    return this.page.getByText(messagesEn.empty.title, { exact: true });
  }

  async filterByAgent(agentName: string): Promise<void> {
    await this.page.getByRole('combobox', { name: messagesEn.filter.label }).selectOption({ label: agentName });
  }
}
