import { describe, expect, it } from 'vitest';
import { isFiltered, NO_INBOX_FILTERS } from './inboxFilters.ts';

describe('isFiltered', () => {
  it('is false for a fresh "no filter" object, as the filter bar’s Clear hands back', () => {
    expect(isFiltered({ agentId: null, channel: null, rating: null, since: null, until: null })).toBe(false);
    expect(isFiltered(NO_INBOX_FILTERS)).toBe(false);
  });

  it('is true as soon as one filter is set', () => {
    expect(isFiltered({ ...NO_INBOX_FILTERS, channel: 'whatsapp' })).toBe(true);
    expect(isFiltered({ ...NO_INBOX_FILTERS, rating: 'unrated' })).toBe(true);
    expect(isFiltered({ ...NO_INBOX_FILTERS, until: '2026-11-21T00:00:00.000Z' })).toBe(true);
  });
});
