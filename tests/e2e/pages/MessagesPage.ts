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

  delivery(text: string): Locator {
    return this.message(text).getByTestId('wa-delivery');
  }

  failure(text: string): Locator {
    return this.message(text).getByTestId('wa-failure');
  }

  emptyState(): Locator {
    return this.page.getByText(messagesEn.empty.title, { exact: true });
  }

  async filterByAgent(agentName: string): Promise<void> {
    await this.page.getByRole('combobox', { name: messagesEn.filter.label }).selectOption({ label: agentName });
  }
}
