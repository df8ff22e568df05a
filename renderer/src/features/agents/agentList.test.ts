import { describe, expect, it } from 'vitest';
import {
  AGENTS_PAGE_SIZE,
  cursorFilter,
  deleteConfirmed,
  isArabicScript,
  nextCursor,
  quoteFilterValue,
  searchFilter,
} from './agentList.ts';

const page = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `id-${i}`,
    createdAt: `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00Z`,
  }));

describe('nextCursor', () => {
  it('points after the last agent of a full page', () => {
    expect(nextCursor(page(AGENTS_PAGE_SIZE))).toEqual({ id: 'id-9', createdAt: '2026-11-11T10:00:00Z' });
  });
  it('stops when the page was not full', () => {
    expect(nextCursor(page(AGENTS_PAGE_SIZE - 1))).toBeUndefined();
    expect(nextCursor([])).toBeUndefined();
  });
});

describe('filters', () => {
  it('orders by created_at then id for the keyset', () => {
    expect(cursorFilter({ createdAt: '2026-11-21T10:00:00.123+00:00', id: 'abc' })).toBe(
      'created_at.lt."2026-11-21T10:00:00.123+00:00",and(created_at.eq."2026-11-21T10:00:00.123+00:00",id.lt."abc")',
    );
  });
  it('quotes user input so punctuation cannot break the filter', () => {
    expect(quoteFilterValue('a,b)"c\\')).toBe('"a,b)\\"c\\\\"');
    expect(searchFilter('  Le, Bistrot ')).toBe('name.ilike."*Le, Bistrot*",description.ilike."*Le, Bistrot*"');
  });
  it('matches LIKE wildcards literally and ignores a blank search', () => {
    expect(searchFilter('50%_off')).toBe('name.ilike."*50\\\\%\\\\_off*",description.ilike."*50\\\\%\\\\_off*"');
    expect(searchFilter('   ')).toBeUndefined();
    expect(searchFilter('**')).toBeUndefined();
  });
});

describe('deleteConfirmed', () => {
  it('needs the exact name, case and spaces included', () => {
    expect(deleteConfirmed('Clara', 'Clara')).toBe(true);
    expect(deleteConfirmed('Clara', 'clara')).toBe(false);
    expect(deleteConfirmed('Clara', 'Clara ')).toBe(false);
    expect(deleteConfirmed('', '')).toBe(false);
  });
});

describe('isArabicScript', () => {
  it('detects Arabic letters only', () => {
    expect(isArabicScript('مساعد')).toBe(true);
    expect(isArabicScript('Clara')).toBe(false);
  });
});
