import type { Locator, Page } from 'playwright-core';
import type { agentsEn } from '../../../renderer/src/features/agents/locales/en.ts';
import { LimitCounter } from './LimitCounter.ts';

type AgentsTexts = typeof agentsEn;

/** /agents as an owner sees it: search, cards, load more, delete dialog. */
export class AgentListPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: AgentsTexts,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(new URL('/agents', this.baseUrl).toString());
    await this.page.getByRole('heading', { name: this.texts.list.title }).waitFor();
  }

  cards(): Locator {
    return this.page.locator('.agent-card[data-agent-id]');
  }

  card(name: string): Locator {
    return this.cards().filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  skeletons(): Locator {
    return this.page.locator('.agent-card[aria-hidden="true"]');
  }

  async cardNames(): Promise<string[]> {
    return this.cards().locator('h3').allTextContents();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: this.texts.list.search }).fill(text);
  }

  loadMoreButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.list.loadMore });
  }

  createButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.list.create }).first();
  }

  async openDelete(name: string): Promise<void> {
    await this.card(name).getByRole('button', { name: this.texts.card.delete }).click();
  }

  deleteDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  async typeDeleteConfirmation(name: string, typed: string): Promise<void> {
    await this.deleteDialog().getByLabel(this.texts.delete.typeName.replace('{{name}}', name)).fill(typed);
  }

  confirmDeleteButton(): Locator {
    return this.deleteDialog().locator('button[type=submit]');
  }

  /** "1 of 1 agents used — upgrade": the pack's agent allowance under the title. */
  allowance(): Locator {
    return this.page.getByTestId('agent-allowance');
  }
}

/** /agents/new: the five-step creation wizard. */
export class AgentWizardPage {
  constructor(
    readonly page: Page,
    readonly texts: AgentsTexts,
  ) {}

  nextButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.wizard.next, exact: true });
  }

  /** The pack's agent allowance on the first step, and the warning when it is all used. */
  allowance(): Locator {
    return this.page.getByTestId('agent-allowance');
  }

  allowanceFull(): Locator {
    return this.page.getByTestId('allowance-full');
  }

  previousButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.wizard.previous, exact: true });
  }

  createButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.wizard.create, exact: true });
  }

  stepButton(step: keyof AgentsTexts['wizard']['steps'], position: number): Locator {
    return this.page
      .locator('.wizard-progress')
      .getByRole('button', { name: `${position}. ${this.texts.wizard.steps[step]}` });
  }

  choice(name: string): Locator {
    return this.page.locator('.wizard-choices').getByRole('button', { name, exact: true });
  }

  brief(): Locator {
    return this.page.getByLabel(this.texts.wizard.brief.label);
  }

  field(key: 'name' | 'companyName' | 'subdomain' | 'address' | 'phone' | 'email' | 'website'): Locator {
    return this.page.locator(`#wizard-${key}`);
  }

  voice(label: string): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  overlay(text: string): Locator {
    return this.page.getByRole('alertdialog', { name: text });
  }

  tool(id: string): Locator {
    return this.page.locator(`.wizard-tool[data-tool-id="${id}"]`);
  }

  prompt(): Locator {
    return this.page.locator('#wizard-prompt');
  }

  /** The counter under a field with a server limit. */
  counter(
    key: 'brief' | 'prompt' | 'name' | 'companyName' | 'subdomain' | 'address' | 'phone' | 'email' | 'website',
  ): LimitCounter {
    return new LimitCounter(this.page.getByTestId(`wizard-${key}-counter`));
  }
}

/** /agents/{id}/configure, general tab. */
export class AgentConfigurePage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: AgentsTexts,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/configure`, this.baseUrl).toString());
  }

  field(key: 'name' | 'companyName' | 'subdomain' | 'description'): Locator {
    return this.page.locator(`#configure-${key}`);
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.configure.save });
  }

  async pickLanguage(search: string, label: string): Promise<void> {
    await this.page.locator('#configure-language').click();
    await this.page.getByPlaceholder(this.texts.configure.languageSearch).fill(search);
    await this.page.getByRole('option', { name: new RegExp(`^${label}`) }).click();
  }

  directorySwitch(): Locator {
    return this.page
      .getByRole('switch', { name: this.texts.configure.directoryListed })
      .or(this.page.getByLabel(this.texts.configure.directoryListed));
  }

  avatarInput(): Locator {
    return this.page.locator('#configure-avatar');
  }

  /** The agent's voice call bounds: the longest call (minutes) and the idle cut-off (seconds). */
  voiceBound(key: 'voiceMaxCall' | 'voiceIdle'): Locator {
    return this.page.locator(`#configure-${key}`);
  }

  /** The counter under a field with a server limit. */
  counter(key: 'name' | 'companyName' | 'subdomain' | 'description'): LimitCounter {
    return new LimitCounter(this.page.getByTestId(`configure-${key}-counter`));
  }

  /** The message under a text field (name, company, system prompt). */
  fieldMessage(key: 'name' | 'companyName' | 'prompt'): Locator {
    return this.page.getByTestId(`configure-${key}-error`);
  }

  /** The question asked before a save moves the public page. */
  addressChangeQuestion(): Locator {
    return this.page
      .getByRole('alertdialog')
      .or(this.page.getByRole('dialog'))
      .filter({ hasText: this.texts.subdomainChange.title });
  }

  async confirmAddressChange(): Promise<void> {
    await this.addressChangeQuestion().getByRole('button', { name: this.texts.subdomainChange.confirm }).click();
  }
}

/** /agents/{id}/prompts: editor, backups and the writing assistant. */
export class AgentPromptsPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: AgentsTexts,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/prompts`, this.baseUrl).toString());
    await this.editor().waitFor();
  }

  editor(): Locator {
    return this.page.locator('#prompt-editor');
  }

  /** The prompt's counter against the database's limit. */
  counter(): LimitCounter {
    return new LimitCounter(this.page.getByTestId('prompt-counter'));
  }

  preview(): Locator {
    return this.page.getByTestId('prompt-preview');
  }

  modeButton(mode: 'raw' | 'markdown'): Locator {
    return this.page.getByRole('button', { name: this.texts.prompts[mode], exact: true });
  }

  saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.prompts.save });
  }

  backupsButton(count: number): Locator {
    return this.page.getByRole('button', { name: this.texts.prompts.backups.replace('{{count}}', String(count)) });
  }

  async createBackup(name: string, description: string): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.prompts.createBackup }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel(this.texts.prompts.backup.name, { exact: true }).fill(name);
    await dialog.getByLabel(this.texts.prompts.backup.description).fill(description);
    await dialog.getByRole('button', { name: this.texts.prompts.backup.create, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  backupItem(name: string): Locator {
    return this.page.locator(`.backup-item[data-backup-name="${name}"]`);
  }

  /** Clicks Restore on a backup: the console then asks before replacing the prompt. */
  async askToRestore(name: string): Promise<Locator> {
    await this.backupItem(name).getByRole('button', { name: this.texts.prompts.backup.restore }).click();
    const question = this.page.getByRole('alertdialog');
    await question.waitFor();
    return question;
  }

  /** Restores a backup and confirms the question. */
  async restoreBackup(name: string): Promise<void> {
    const question = await this.askToRestore(name);
    await question.getByRole('button', { name: this.texts.prompts.backup.restore, exact: true }).click();
    await question.waitFor({ state: 'hidden' });
  }

  async askAssistant(instruction: string): Promise<void> {
    await this.page.getByRole('textbox', { name: this.texts.prompts.assistant.placeholder }).fill(instruction);
    await this.page.getByRole('textbox', { name: this.texts.prompts.assistant.placeholder }).press('Enter');
  }
}
