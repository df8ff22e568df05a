import { EXPORT_ROW_CAP } from '@contracts/history.ts';

export interface AllPages<Row> {
  rows: Row[];
  /** More rows matched than `maxRows`: the export holds the first (most recent) `maxRows`. */
  truncated: boolean;
}

/**
 * Reads a keyset-paged list to its end for an export: `fetchPage` is asked for pages of
 * `pageSize` rows, each after the last row of the one before, until a short page says the list
 * is exhausted or more than `maxRows` rows have come back.
 */
export async function readAllPages<Row, Cursor>({
  fetchPage,
  cursorOf,
  pageSize,
  maxRows = EXPORT_ROW_CAP,
}: {
  fetchPage: (cursor: Cursor | null, pageSize: number) => Promise<Row[]>;
  cursorOf: (last: Row) => Cursor;
  pageSize: number;
  maxRows?: number;
}): Promise<AllPages<Row>> {
  const rows: Row[] = [];
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await fetchPage(cursor, pageSize);
    rows.push(...page);
    const last = page[page.length - 1];
    // One row past the cap tells "truncated" from "exactly the cap".
    if (page.length < pageSize || last === undefined || rows.length > maxRows) break;
    cursor = cursorOf(last);
  }
  return { rows: rows.slice(0, maxRows), truncated: rows.length > maxRows };
}
