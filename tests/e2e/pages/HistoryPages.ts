import type { Download, Locator, Page } from 'playwright-core';
import type { historyEn } from '../../../renderer/src/features/history/locales/en.ts';
import { ConsolePage } from './ConsolePage.ts';

type Texts = typeof historyEn;

/** Clicks '{label} · CSV|JSON' and returns the download it starts. */
async function exportDownload(page: Page, label: string, format: 'CSV' | 'JSON'): Promise<Download> {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: `${label} · ${format}`, exact: true }).click();
  return waiting;
}

/** /calls and /agents/{id}/calls: the French call list and its details dialog. */
export class CallHistoryPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: Texts,
  ) {
    super(page, baseUrl);
  }

  async open(path = '/calls'): Promise<void> {
    await this.goto(path);
    await this.heading(this.texts.calls.title).waitFor();
  }

  rows(): Locator {
    return this.page.locator('.call-table tbody tr');
  }

  columnHeaders(): Locator {
    return this.page.locator('.call-table thead th');
  }

  async period(label: string): Promise<void> {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: this.texts.calls.search }).fill(text);
  }

  /** A period button ('24 h', '7 jours', '30 jours'); aria-pressed when it is the list's range. */
  periodButton(label: string): Locator {
    return this.page.getByRole('button', { name: label, exact: true });
  }

  /** Fills 'Du' and 'Au' (yyyy-MM-dd, the browser's local days) and applies the range. */
  async dateRange(from: string, to: string): Promise<void> {
    await this.page.getByLabel(this.texts.calls.from, { exact: true }).fill(from);
    await this.page.getByLabel(this.texts.calls.to, { exact: true }).fill(to);
    await this.page.getByRole('button', { name: this.texts.calls.applyRange }).click();
  }

  /** The 'De' column of the rows on screen, top to bottom. */
  callers(): Promise<string[]> {
    return this.rows().locator(`td[data-label="${this.texts.calls.columns.from}"]`).allTextContents();
  }

  /** Picks a status in 'Statut des appels' (its French label, e.g. 'Occupé'; 'Tous les statuts' for any). */
  async filterStatus(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: this.texts.calls.statusFilter }).selectOption({ label });
  }

  /** The colour of the status of the first row showing `text` ('green', 'red' or 'yellow'). */
  statusColourOf(text: string): Promise<string | null> {
    return this.rows()
      .filter({ hasText: text })
      .first()
      .locator('[data-status-colour]')
      .getAttribute('data-status-colour');
  }

  /** The status shown on the first row showing `text` ('Échoué', 'Occupé'…). */
  statusOf(text: string): Promise<string | null> {
    return this.rows().filter({ hasText: text }).first().locator('[data-status-colour]').textContent();
  }

  /** The notice a link to a call that is not (or no longer) the owner's shows. */
  callNotFound(): Locator {
    return this.page.getByText(this.texts.calls.callNotFound, { exact: true });
  }

  /** A row's 'Détails' button (a row's keyboard stop). */
  detailsButton(row: number): Locator {
    return this.rows()
      .nth(row)
      .getByRole('button', { name: new RegExp(this.texts.calls.details) });
  }

  /** Whether the focused element is row `row`'s 'Détails' button. */
  async detailsButtonFocused(row: number): Promise<boolean> {
    return this.detailsButton(row).evaluate((button) => button === document.activeElement);
  }

  loadMore(): Locator {
    return this.page.getByRole('button', { name: this.texts.calls.loadMore });
  }

  async openDetails(row: number): Promise<void> {
    await this.rows()
      .nth(row)
      .getByRole('button', { name: new RegExp(this.texts.calls.details) })
      .click();
    await this.dialog().waitFor();
  }

  /** Opens the details of the first row showing `text` (a number, 'Visiteur web'…). */
  async openDetailsOf(text: string): Promise<void> {
    await this.rows()
      .filter({ hasText: text })
      .first()
      .getByRole('button', { name: new RegExp(this.texts.calls.details) })
      .click();
    await this.dialog().waitFor();
  }

  /** Whether a row's 'Détails' button lies wholly inside the list (not clipped at its edge). */
  async detailsButtonFits(row: number): Promise<boolean> {
    return this.rows()
      .nth(row)
      .getByRole('button', { name: new RegExp(this.texts.calls.details) })
      .evaluate((button) => {
        const list = button.closest('.call-table')?.getBoundingClientRect();
        const own = button.getBoundingClientRect();
        return list !== undefined && own.left >= list.left && own.right <= list.right;
      });
  }

  /** Exports the list as filtered ('Exporter la liste · CSV'). */
  exportList(format: 'CSV' | 'JSON'): Promise<Download> {
    return exportDownload(this.page, this.texts.calls.export.list, format);
  }

  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  waveform(): Locator {
    return this.dialog().getByRole('img', { name: this.texts.calls.player.waveform });
  }

  /**
   * The waveform's lanes as drawn: the distinct heights on screen at which its canvases (waveform
   * and progress) sit. A stereo recording draws two; a progress layer left unstyled adds two more.
   */
  async waveformLanes(): Promise<number> {
    return this.waveform().evaluate((el) => {
      const root = el.querySelector('div')?.shadowRoot;
      const tops = [...(root?.querySelectorAll('canvas') ?? [])]
        .map((canvas) => canvas.getBoundingClientRect())
        .filter((box) => box.height > 0)
        .map((box) => Math.round(box.top));
      return new Set(tops).size;
    });
  }

  channelLabel(which: 'caller' | 'agent'): Locator {
    return this.dialog().getByText(this.texts.calls.player[which]);
  }

  async play(): Promise<void> {
    await this.dialog().getByRole('button', { name: this.texts.calls.player.play }).click();
  }

  /** Seconds the recording's <audio> element has played. */
  async playedSeconds(): Promise<number> {
    return this.dialog()
      .getByTestId('recording-audio')
      .evaluate((el) => (el as HTMLAudioElement).currentTime);
  }

  async download(): Promise<Download> {
    const waiting = this.page.waitForEvent('download');
    await this.dialog().getByRole('button', { name: this.texts.calls.download }).click();
    return waiting;
  }

  transcriptLine(text: string): Locator {
    return this.dialog().getByText(text);
  }
}

/** /contacts and /contacts/{id}. */
export class ContactsPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: Texts,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/contacts');
    await this.heading(this.texts.contacts.title).waitFor();
  }

  cards(): Locator {
    return this.page.getByTestId('contact-card');
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: this.texts.contacts.search }).fill(text);
  }

  async favouritesOnly(on: boolean): Promise<void> {
    // Blueprint draws the box over the input: click its label, as a user does.
    const box = this.page.getByRole('checkbox', { name: this.texts.contacts.favoritesOnly });
    if ((await box.isChecked()) !== on)
      await this.page.locator('label', { hasText: this.texts.contacts.favoritesOnly }).click();
  }

  async openContact(name: string): Promise<void> {
    await this.page.getByRole('link', { name: this.texts.contacts.open.replace('{{name}}', name) }).click();
    await this.heading(name).waitFor();
  }

  favouriteButton(): Locator {
    return this.page.getByRole('button', { name: this.texts.contacts.favorite });
  }

  notes(): Locator {
    return this.page.getByLabel(this.texts.contact.notes);
  }

  async saveNotes(text: string): Promise<void> {
    await this.notes().fill(text);
    await this.page.getByRole('button', { name: this.texts.contact.saveNotes }).click();
    await this.page.getByRole('status').getByText(this.texts.contact.saved).waitFor();
  }

  timelineEntries(): Locator {
    return this.page.getByTestId('timeline-entry');
  }

  /** Exports the cards as searched and filtered. */
  exportList(format: 'CSV' | 'JSON'): Promise<Download> {
    return exportDownload(this.page, this.texts.export.list, format);
  }
}

/** /conversations: the inbox, its filters, transcript and exports. */
export class InboxPage extends ConsolePage {
  constructor(
    page: Page,
    baseUrl: string,
    readonly texts: Texts,
  ) {
    super(page, baseUrl);
  }

  async open(): Promise<void> {
    await this.goto('/conversations');
    await this.heading(this.texts.inbox.title).waitFor();
  }

  items(): Locator {
    return this.page.getByTestId('inbox-item');
  }

  async filterChannel(label: string): Promise<void> {
    await this.page.getByLabel(this.texts.inbox.channel, { exact: true }).selectOption({ label });
  }

  exportList(format: 'CSV' | 'JSON'): Promise<Download> {
    return exportDownload(this.page, this.texts.export.list, format);
  }

  exportListButton(format: 'CSV' | 'JSON'): Locator {
    return this.page.getByRole('button', { name: `${this.texts.export.list} · ${format}`, exact: true });
  }

  exportConversation(format: 'CSV' | 'JSON'): Promise<Download> {
    return exportDownload(this.page, this.texts.export.conversation, format);
  }

  /** The inbox item that has the keyboard focus, if any (its data-testid), else null. */
  async focusedItemTestId(): Promise<string | null> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
  }

  /** What /conversations/{id} says when the id names none of the owner's conversations. */
  notFound(): Locator {
    return this.page.getByText(this.texts.inbox.notFound, { exact: true });
  }

  transcriptText(text: string): Locator {
    return this.page.getByRole('list', { name: this.texts.calls.transcript }).getByText(text);
  }
}
