import type { Locator } from 'playwright-core';

/**
 * The counter under a field with a server limit ("1,234 / 4,000"), in the console and on the public
 * chat alike: its text, its level (ok, near, full, over) and the line it adds at the limit.
 */
export class LimitCounter {
  constructor(readonly root: Locator) {}

  /** "1,234 / 4,000" (French groups digits with a narrow no-break space, read here as a space). */
  async count(): Promise<string> {
    const text = (await this.root.locator('[data-testid$="-count"]').textContent()) ?? '';
    return text.replace(/[\u202f\u00a0]/g, ' ').trim();
  }

  level(): Promise<string | null> {
    return this.root.getAttribute('data-level');
  }

  /** The line said at the limit ("Limit reached: …") or past it. */
  note(): Locator {
    return this.root.locator('[data-testid$="-full"], [data-testid$="-over"]');
  }
}
