import type { Locator, Page, Route } from 'playwright-core';
import type { connectorsEn } from '../../../renderer/src/features/connectors/locales/en.ts';
import type { knowledgeEn } from '../../../renderer/src/features/knowledge/locales/en.ts';

/** The knowledge tab of /agents/{id}/configure. */
export class KnowledgeTabPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: typeof knowledgeEn,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/configure`, this.baseUrl).toString());
    await this.showTab();
  }

  /** The configure screen is open: switch to the knowledge tab. */
  async showTab(): Promise<void> {
    await this.page.getByRole('tab', { name: this.texts.tab }).click();
    await this.page.getByRole('heading', { name: this.texts.title }).waitFor();
  }

  /** Reloads the page (whatever it was doing) and comes back to the knowledge tab. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.showTab();
  }

  /**
   * Holds every file transfer to storage (the signed-URL PUT) until `release`: the upload stays
   * on its way for as long as the test needs. `held` resolves once a transfer is being held.
   */
  async holdFileTransfers(): Promise<{ held: Promise<void>; release(): Promise<void> }> {
    const pattern = '**/storage/v1/object/upload/sign/knowledge/**';
    const routes: Route[] = [];
    let markHeld: () => void = () => {};
    const held = new Promise<void>((resolve) => (markHeld = resolve));
    const handler = async (route: Route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      routes.push(route);
      markHeld();
    };
    await this.page.route(pattern, handler);
    return {
      held,
      release: async () => {
        await this.page.unroute(pattern, handler);
        // A transfer of a page that went away is already over; abort is only for one still waiting.
        await Promise.all(routes.map((route) => route.abort().catch(() => undefined)));
      },
    };
  }

  async upload(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.page.getByLabel(this.texts.choose).setInputFiles(files);
  }

  list(): Locator {
    return this.page.getByRole('list', { name: this.texts.title });
  }

  /** The question asked before uploading a file whose name the agent already has. */
  duplicateDialog(): Locator {
    return this.page.getByRole('alertdialog').filter({ has: this.page.getByTestId('knowledge-duplicate-names') });
  }

  async answerDuplicate(answer: 'upload' | 'skip'): Promise<void> {
    const text = answer === 'upload' ? this.texts.duplicateDialog.confirm : this.texts.duplicateDialog.cancel;
    await this.duplicateDialog().getByRole('button', { name: text, exact: true }).click();
    await this.duplicateDialog().waitFor({ state: 'detached' });
  }

  document(name: string): Locator {
    return this.list().getByRole('listitem', { name, exact: true });
  }

  async status(name: string): Promise<string | null> {
    const item = this.document(name);
    return (await item.count()) === 0 ? null : item.getAttribute('data-status');
  }

  async documentNames(): Promise<string[]> {
    return this.list()
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  }

  /** The reason shown under a failed document. */
  async failureReason(name: string): Promise<string | null> {
    const alert = this.document(name).getByRole('alert');
    return (await alert.count()) === 0 ? null : alert.textContent();
  }

  retryButton(name: string): Locator {
    return this.document(name).getByRole('button', { name: this.texts.actions.retry, exact: true });
  }

  /** Retry on an interrupted upload: the owner picks the file again for that document. */
  async retry(name: string, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.retryButton(name).click();
    await (await chooser).setFiles(file);
  }

  async delete(name: string): Promise<void> {
    await this.document(name).getByRole('button', { name: this.texts.actions.delete }).click();
    await this.page.getByRole('alertdialog').or(this.page.getByRole('dialog')).waitFor();
    await this.page.getByRole('button', { name: this.texts.deleteDialog.confirm, exact: true }).last().click();
  }

  toast(): Locator {
    return this.page.locator('[role=alert], [role=status]').filter({ hasText: /./ });
  }

  emptyState(): Locator {
    return this.page.getByText(this.texts.empty.title);
  }
}

/** The connectors tab of /agents/{id}/configure. */
export class ConnectorsTabPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
    readonly texts: typeof connectorsEn,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/configure`, this.baseUrl).toString());
    await this.page.getByRole('tab', { name: this.texts.tab }).click();
    await this.page.getByRole('heading', { name: this.texts.title, exact: true }).waitFor();
  }

  card(kind: 'zapier' | 'make'): Locator {
    return this.page.locator(`[data-connector="${kind}"]`);
  }

  toggle(kind: 'zapier' | 'make'): Locator {
    return this.card(kind).getByRole('switch').or(this.card(kind).locator('input[type=checkbox]'));
  }

  async openDialog(kind: 'zapier' | 'make'): Promise<void> {
    await this.card(kind).getByRole('button', { name: this.texts.card.configure }).click();
    await this.dialog().waitFor();
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  urlField(): Locator {
    return this.dialog().getByLabel(this.texts.dialog.urlLabel);
  }

  saveButton(): Locator {
    return this.dialog().getByRole('button', { name: this.texts.dialog.save, exact: true });
  }

  deliveries(): Locator {
    return this.page.getByRole('table', { name: this.texts.deliveries.title });
  }
}
