import type { Locator, Page } from 'playwright-core';
import type { interactionsEn } from '../../../renderer/src/features/interactions/locales/en.ts';

type Texts = typeof interactionsEn;

/** /agents/{id}/interactions and the configure tab: the same editor. */
export class InteractionsEditorPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: Texts,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/interactions`, this.baseUrl).toString());
  }

  async waitReady(): Promise<void> {
    await this.addButton().waitFor();
  }

  addButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.list.add });
  }

  async pressNew(): Promise<void> {
    await this.page.keyboard.press('Control+n');
  }

  picker(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: this.texts.picker.title });
  }

  pickType(type: 'share_document' | 'share_url'): Locator {
    return this.picker().getByRole('button', { name: new RegExp(this.texts.types[type]) });
  }

  configDialog(): Locator {
    return this.page.locator('.interaction-config-dialog');
  }

  field(label: string): Locator {
    return this.configDialog().getByLabel(label, { exact: true });
  }

  channel(label: string): Locator {
    return this.configDialog().getByText(label, { exact: true });
  }

  cards(): Locator {
    return this.page.locator('.interaction-card');
  }

  card(type: 'share_document' | 'share_url'): Locator {
    return this.page.locator(`.interaction-card[data-type="${type}"]`);
  }

  toggle(type: 'share_document' | 'share_url'): Locator {
    return this.card(type).locator('.interaction-toggle');
  }

  status(): Locator {
    return this.page.locator('.interactions-status');
  }

  async waitSaved(): Promise<void> {
    await this.page.locator('.interactions-status[data-status="saved"]').waitFor();
  }

  deleteAlert(): Locator {
    return this.page.locator('.bp6-alert');
  }
}
