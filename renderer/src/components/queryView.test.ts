import { describe, expect, it } from 'vitest';
import { queryView, type QueryLike } from './queryView.ts';

const base: QueryLike<string[]> = {
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  refetch: () => undefined,
};

describe('queryView', () => {
  it('is loading while there is neither data nor error', () => {
    expect(queryView(base)).toEqual({ kind: 'loading' });
  });
  it('shows the error when the first load failed', () => {
    const error = new Error('x');
    expect(queryView({ ...base, isPending: false, isError: true, error })).toEqual({ kind: 'error', error });
  });
  it('tells empty from content with the caller predicate', () => {
    const isEmpty = (rows: string[]) => rows.length === 0;
    expect(queryView({ ...base, isPending: false, data: [] }, isEmpty)).toEqual({ kind: 'empty' });
    expect(queryView({ ...base, isPending: false, data: ['a'] }, isEmpty)).toEqual({ kind: 'content', data: ['a'] });
  });
  it('keeps showing data when a background refetch fails', () => {
    expect(queryView({ ...base, isPending: false, isError: true, error: new Error('x'), data: ['a'] })).toEqual({
      kind: 'content',
      data: ['a'],
    });
  });
});
