import type { Locator, Page } from 'playwright-core';
import type { adminEn } from '../../../renderer/src/features/admin/locales/en.ts';
import { ConsolePage } from './ConsolePage.ts';

type AdminTexts = typeof adminEn;

/** /admin/users: search, the users table and the edit dialog. */
export class AdminUsersPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: AdminTexts,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/admin/users');
    await this.heading(this.texts.users.title).waitFor();
  }

  search(): Locator {
    return this.page.getByPlaceholder(this.texts.users.search);
  }

  row(email: string): Locator {
    return this.page.locator('tbody tr', { hasText: email });
  }

  rows(): Locator {
    return this.page.locator('tbody tr');
  }

  async edit(email: string): Promise<void> {
    await this.page.getByRole('button', { name: `${this.texts.users.edit} ${email}` }).click();
    await this.dialog().waitFor();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  dialogTab(name: string): Locator {
    return this.dialog().getByRole('tab', { name });
  }

  adminSwitch(): Locator {
    return this.dialog().getByLabel(this.texts.userDialog.admin);
  }

  async grantCredits(amount: number, reason: string): Promise<void> {
    await this.dialogTab(this.texts.userDialog.creditsTab).click();
    await this.dialog().getByLabel(this.texts.userDialog.amount).fill(String(amount));
    await this.dialog().getByLabel(this.texts.userDialog.reason).fill(reason);
    await this.dialog().getByRole('button', { name: this.texts.userDialog.apply }).click();
  }

  balance(): Locator {
    return this.dialog().getByTestId('user-balance');
  }

  historyRow(text: string): Locator {
    return this.dialog().locator('.admin-credit-history tbody tr', { hasText: text });
  }

  async saveProfile(): Promise<void> {
    await this.dialogTab(this.texts.userDialog.profileTab).click();
    await this.dialog().getByRole('button', { name: this.texts.userDialog.save, exact: true }).click();
  }
}

/** /admin/settings: the AI Models and Tools tabs. */
export class AdminSettingsPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: AdminTexts,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/admin/settings');
    await this.heading(this.texts.settings.title).waitFor();
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.settings.save });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name });
  }

  model(key: 'chatModel' | 'whatsappModel' | 'internalCallModel' | 'gsmCallModel'): Locator {
    return this.page.locator(`#model-${key}`);
  }

  toolDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async addTool(tool: {
    name: string;
    description: string;
    icon: string;
    functionName: string;
    parameters: { name: string; type: string; description: string; required: boolean; enumValues?: string }[];
  }): Promise<void> {
    const t = this.texts.tools;
    await this.page.getByRole('button', { name: t.add }).click();
    const dialog = this.toolDialog();
    await dialog.locator('#tool-name').fill(tool.name);
    await dialog.locator('#tool-description').fill(tool.description);
    await dialog.getByRole('radio', { name: tool.icon, exact: true }).click();
    await dialog.getByText(t.enabled, { exact: true }).click();
    await dialog.locator('#tool-function-name').fill(tool.functionName);
    for (const [index, parameter] of tool.parameters.entries()) {
      await dialog.getByRole('button', { name: t.addParameter }).click();
      const row = dialog.getByTestId('tool-parameter').nth(index);
      await row.getByLabel(t.parameterName).fill(parameter.name);
      await row.getByLabel(t.parameterType).selectOption(parameter.type);
      await row.getByLabel(t.parameterDescription).fill(parameter.description);
      if (parameter.required) await row.getByText(t.required).click();
      if (parameter.enumValues !== undefined) await row.getByLabel(t.enumValues).fill(parameter.enumValues);
    }
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  toolRow(name: string): Locator {
    return this.page.locator('.admin-tool-row', { hasText: name });
  }
}
