import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { commonEn } from '../../../renderer/src/components/locales/en.ts';
import type { brandingEn } from '../../../renderer/src/features/branding/locales/en.ts';

type Texts = typeof brandingEn;
export type BrandingTab = keyof Texts['tabs'];

/** The branding editor (/agents/{id}/branding) as an owner uses it. */
export class BrandingEditorPage {
  constructor(
    readonly page: Page,
    private readonly consoleUrl: string,
    readonly texts: Texts,
  ) {}

  async open(agentId: string): Promise<void> {
    await this.page.goto(new URL(`/agents/${agentId}/branding`, this.consoleUrl).toString());
    await this.page
      .locator('[data-testid="branding-preview"], .bp6-non-ideal-state')
      .first()
      .waitFor({ timeout: 15000 });
  }

  /** The Branding link of the agent side panel (without an address while disabled). */
  get panelLink(): Locator {
    // The agent panel is the landmark named after the agent (avatar and name on top).
    return this.page.locator('aside.is-agent').getByRole('link', { name: 'Branding', exact: true });
  }

  get skeleton(): Locator {
    return this.page.getByTestId('branding-skeleton');
  }

  async openTab(tab: BrandingTab): Promise<void> {
    await this.page.getByRole('tab', { name: this.texts.tabs[tab], exact: true }).click();
  }

  /** A field by its label; labels may end with a counter ("Headline 12/100"). */
  field(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByLabel(new RegExp(`^${escaped}(\\s|$)`));
  }

  /** The text box of a field (colour fields also have a swatch with the same name). */
  textbox(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  get aboutEditor(): Locator {
    return this.page.getByTestId('about-editor');
  }

  get unsaved(): Locator {
    return this.page.getByTestId('branding-unsaved');
  }

  get saveButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.save });
  }

  /** The live preview: the public page itself, in a frame of the editor. */
  get preview(): FrameLocator {
    return this.page.frameLocator('[data-testid="branding-preview"] iframe');
  }

  /** Whether the preview has loaded this font's own faces (not a system stand-in). */
  async previewFontLoaded(family: string): Promise<boolean> {
    const frame = this.page.frames().find((f) => f.url().endsWith('/preview.html'));
    if (!frame) return false;
    return frame.evaluate(
      (name) => [...document.fonts].some((f) => f.family.includes(name) && f.status === 'loaded'),
      family,
    );
  }

  /** The previewed page's markup, to compare with what a visitor is served. */
  async previewMarkup(): Promise<string> {
    return this.preview.locator('[data-testid="agent-page"]').evaluate((el) => el.outerHTML);
  }

  get previewHeadline(): Locator {
    return this.preview.locator('[data-testid="home-tab"] h1');
  }

  /** The one Blueprint toast on screen with this text. */
  toast(text: string): Locator {
    return this.page.locator('.bp6-toast').filter({ hasText: text });
  }

  get galleryInput(): Locator {
    return this.page.getByTestId('gallery-input');
  }

  /** Drops a file on the gallery drop zone as a drag from the desktop would. */
  async dropFile(name: string, mimeType: string, content: Buffer): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(
      ({ name, mimeType, bytes }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: mimeType }));
        return transfer;
      },
      { name, mimeType, bytes: [...content] },
    );
    await this.page.getByTestId('gallery-drop').dispatchEvent('drop', { dataTransfer });
  }

  get galleryImages(): Locator {
    return this.page.getByTestId('gallery-image');
  }

  get socialRows(): Locator {
    return this.page.getByTestId('social-link-row');
  }

  get addSocialLink(): Locator {
    return this.page.getByTestId('add-social-link');
  }

  get videoRows(): Locator {
    return this.page.getByTestId('video-row');
  }

  /** A tab of the editor (its title in the vertical list). */
  tabTitle(tab: BrandingTab): Locator {
    return this.page.getByRole('tab', { name: this.texts.tabs[tab] });
  }

  /** Whether the tab is marked as holding a field to fix. */
  async tabMarkedInvalid(tab: BrandingTab): Promise<boolean> {
    return (await this.tabTitle(tab).getAttribute('aria-invalid')) === 'true';
  }

  /** The editor tab that has the keyboard focus, if any. */
  focusedTab(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-tab-id') ?? null);
  }

  /** Follows a link of the agent side panel (a navigation inside the console). */
  async followPanelLink(name: string): Promise<void> {
    await this.page.locator('aside.is-agent').getByRole('link', { name, exact: true }).click();
  }

  async setHeadline(text: string): Promise<void> {
    await this.openTab('content');
    await this.page.locator('#branding-headline').fill(text);
  }

  headline(): Promise<string> {
    return this.page.locator('#branding-headline').inputValue();
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  async screenshot(file: string): Promise<void> {
    await this.page.waitForTimeout(300); // let Blueprint transitions settle
    await this.page.screenshot({ path: file, fullPage: true });
  }
}

/** The console's shared "unsaved changes" and "changed elsewhere" prompts (renderer/src/components). */
export class UnsavedWorkPrompts {
  constructor(
    readonly page: Page,
    readonly texts: typeof commonEn,
  ) {}

  /** The question asked before leaving an editor with unsaved changes. */
  get leaveQuestion(): Locator {
    return this.page.getByRole('alertdialog').or(this.page.locator('.bp6-alert')).filter({
      hasText: this.texts.unsaved.message,
    });
  }

  async stay(): Promise<void> {
    await this.leaveQuestion.getByRole('button', { name: this.texts.unsaved.stay, exact: true }).click();
    await this.leaveQuestion.waitFor({ state: 'hidden' });
  }

  async leave(): Promise<void> {
    await this.leaveQuestion.getByRole('button', { name: this.texts.unsaved.leave, exact: true }).click();
  }

  /** The notice that another tab saved first, with its Reload and Overwrite choices. */
  get conflict(): Locator {
    return this.page.getByTestId('edit-conflict');
  }

  async reload(): Promise<void> {
    await this.conflict.getByRole('button', { name: this.texts.conflict.reload }).click();
    await this.conflict.waitFor({ state: 'detached' });
  }

  async overwrite(): Promise<void> {
    await this.conflict.getByRole('button', { name: this.texts.conflict.overwrite }).click();
    await this.conflict.waitFor({ state: 'detached' });
  }
}
