/**
 * Autosave of the interactions list: a save runs AUTOSAVE_DELAY_MS after the last
 * edit, only when the list differs from the last saved one; loading never saves. While a save is
 * in flight, newer edits wait for it and are then saved against what it stored. An invalid list
 * (what Postgres would refuse) is not sent: the editor shows why instead.
 */
import {
  AUTOSAVE_DELAY_MS,
  diffInteractions,
  interactionIssues,
  sameList,
  type Interaction,
  type InteractionsDiff,
} from './model.ts';

export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'invalid' | 'error';

export interface AutosaveOptions {
  /** Writes `diff`; `list` is what will then be saved, `previous` what was saved before. */
  save: (diff: InteractionsDiff, list: Interaction[], previous: Interaction[]) => Promise<void>;
  onStatus: (status: AutosaveStatus, error?: unknown) => void;
  delayMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class InteractionsAutosave {
  private saved: Interaction[] = [];
  private latest: Interaction[] = [];
  private timer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private readonly delayMs: number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: AutosaveOptions) {
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** The list as loaded from the server: becomes the reference, never triggers a save. */
  load(list: Interaction[]): void {
    this.cancel();
    this.saved = list;
    this.latest = list;
  }

  /** Every edit: (re)starts the debounce when the list differs from the last saved one. */
  edit(list: Interaction[]): void {
    this.latest = list;
    this.cancel();
    if (sameList(list, this.saved)) {
      this.options.onStatus(this.inFlight ? 'saving' : 'idle');
      return;
    }
    this.options.onStatus('pending');
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  /** Saves now whatever differs (the debounce timer calls it; tests may too). */
  async flush(): Promise<void> {
    if (this.inFlight) {
      // The running flush saves what changed meanwhile once it is done.
      await this.inFlight;
      return;
    }
    const list = this.latest;
    if (sameList(list, this.saved)) return;
    if (list.some((interaction) => interactionIssues(interaction).length > 0)) {
      this.options.onStatus('invalid');
      return;
    }
    this.options.onStatus('saving');
    const run = this.options.save(diffInteractions(this.saved, list), list, this.saved).then(
      () => {
        this.saved = list;
        this.options.onStatus(this.timer !== null ? 'pending' : sameList(this.latest, list) ? 'saved' : 'pending');
      },
      (error: unknown) => this.options.onStatus('error', error),
    );
    this.inFlight = run;
    await run;
    this.inFlight = null;
    // Edits made during the save whose timer already fired are saved now.
    if (this.timer === null && !sameList(this.latest, this.saved) && !this.failedLast(list)) await this.flush();
  }

  private failedLast(list: Interaction[]): boolean {
    return this.saved !== list && this.latest === list;
  }

  hasUnsaved(): boolean {
    return !sameList(this.latest, this.saved);
  }

  cancel(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }
}
