import { describe, expect, it } from 'vitest';
import { createUploadJournal } from './uploadJournal.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** One browser tab: sessionStorage survives its pages, each page has its own listeners. */
function tab() {
  const data = new Map<string, string>();
  const store = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
  const openPage = () => {
    const listeners: (() => void)[] = [];
    const page = { addEventListener: (_type: string, listener: () => void) => void listeners.push(listener) };
    const journal = createUploadJournal(store, page as unknown as Window);
    return { journal, leave: () => listeners.forEach((listener) => listener()) };
  };
  return { data, store, openPage };
}

describe('the upload journal', () => {
  it('hands the uploads a reloaded page left in flight to the next page, once', () => {
    const browser = tab();
    const first = browser.openPage();
    first.journal.begin(A);
    first.journal.begin(B);
    first.journal.end(B);
    first.leave();
    const next = browser.openPage();
    expect(next.journal.takeAbandoned()).toEqual([A]);
    expect(next.journal.takeAbandoned()).toEqual([]);
  });

  it('leaves nothing behind when the page had no upload in flight', () => {
    const browser = tab();
    const first = browser.openPage();
    first.journal.begin(A);
    first.journal.end(A);
    first.leave();
    expect(browser.data.size).toBe(0);
    expect(browser.openPage().journal.takeAbandoned()).toEqual([]);
  });

  it('keeps ids the server could not be told about for the next try, and never hands over its own live ones', () => {
    const browser = tab();
    const page = browser.openPage();
    page.journal.restore([A]);
    page.journal.begin(B);
    browser.store.setItem('concierge.knowledge.interruptedUploads', JSON.stringify([A, B, 'not-a-uuid', 7]));
    expect(page.journal.takeAbandoned()).toEqual([A]);
  });

  it('reads a damaged entry as empty', () => {
    const browser = tab();
    browser.store.setItem('concierge.knowledge.interruptedUploads', '{oops');
    expect(browser.openPage().journal.takeAbandoned()).toEqual([]);
  });
});
