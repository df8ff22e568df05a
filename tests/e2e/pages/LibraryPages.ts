import type { Locator, Page } from 'playwright-core';
import { callHistoryTexts } from '../../../renderer/src/features/history/locales/calls.fr.ts';
import type { libraryEn } from '../../../renderer/src/features/library/locales/en.ts';
import { ConsolePage } from './ConsolePage.ts';

type Texts = typeof libraryEn;

/** /library: the desktop app's offline recordings library. */
export class LibraryPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: Texts,
  ) {
    super(page, baseUrl);
  }

  navLink(): Locator {
    return this.page.getByRole('link', { name: this.texts.nav });
  }

  /** Through the sidebar, as staff do (the entry exists only in the desktop app). */
  async openFromSidebar(): Promise<void> {
    await this.goto('/dashboard');
    await this.navLink().click();
    await this.heading(this.texts.title).waitFor();
  }

  async downloadEverythingNewFor(agentNames: string[]): Promise<void> {
    // Blueprint draws its own box over the (visually hidden) input: staff click the label.
    for (const name of agentNames) await this.page.locator('label', { hasText: name }).click();
    await this.page.getByRole('button', { name: this.texts.download.newForAgents }).click();
  }

  /** Opens the list of recorded calls matching the download filter and downloads the one at `caller`. */
  async downloadPickedCall(caller: string): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.download.pickCalls }).click();
    await this.page.locator('.library-call-picker label', { hasText: caller }).click();
    await this.page.getByRole('button', { name: this.texts.download.selected.replace('{{count}}', '1') }).click();
  }

  /** Settings: ticks "delete the library when I sign out" and saves the settings. */
  async chooseWipeOnSignOut(): Promise<void> {
    await this.page.locator('label', { hasText: this.texts.settings.wipeOnSignOut }).click();
    await this.page.getByRole('button', { name: this.texts.settings.save }).click();
  }

  /** Settings: delete the library, confirmed. */
  async wipe(): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.settings.wipe }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: this.texts.settings.wipe }).click();
  }

  /** The download rows and their state (data-state), by recording id. */
  downloadRow(recordingId: string): Locator {
    return this.page.locator(`.library-progress-list li[data-recording="${recordingId}"]`);
  }

  async downloadStates(): Promise<string[]> {
    return this.page
      .locator('.library-progress-list li')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-state') ?? ''));
  }

  rows(): Locator {
    return this.page.locator('.library-table tbody tr');
  }

  async search(words: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: this.texts.filters.text }).fill(words);
  }

  async open(row: number): Promise<void> {
    await this.rows().nth(row).click();
    await this.page.getByRole('button', { name: this.texts.annotation.save, exact: true }).waitFor();
  }

  transcriptLine(text: string): Locator {
    return this.page.locator('.library-transcript').getByText(text);
  }

  /** The call history's waveform player (its labels are French in every language). */
  async play(): Promise<void> {
    await this.page.getByRole('button', { name: callHistoryTexts.player.play }).click();
  }

  /** Seconds the recording's <audio> element has played. */
  async playedSeconds(): Promise<number> {
    return this.page.getByTestId('recording-audio').evaluate((el) => (el as HTMLAudioElement).currentTime);
  }

  async writeNote(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: this.texts.annotation.notes }).fill(text);
    await this.page.getByRole('button', { name: this.texts.annotation.save, exact: true }).click();
  }

  syncState(): Locator {
    return this.page.locator('.library-annotation [data-sync-state]');
  }
}
