/**
 * The one CSV writer of every console export (inbox, transcript, calls, contacts, analytics,
 * billing): RFC 4180 through csv-stringify (CRLF lines, quoting), with formula injection defused
 * by the library's `escape_formulas` (OWASP "CSV injection"): a text cell starting with = + - @,
 * a tab or a carriage return (or their full-width forms) gets a leading `'`, so a spreadsheet shows
 * it instead of running it. Numbers stay numbers (-3 is not a formula).
 */
import { stringify } from 'csv-stringify/browser/esm/sync';

export type CsvCell = string | number | boolean | null | undefined;

/** A header line of `columns`, then one line per row; missing values are empty cells. */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map((cell) => cell ?? '')),
    {
      header: true,
      columns: [...columns],
      record_delimiter: 'windows',
      // A line break inside a cell is quoted whatever the record delimiter (round trip with parsers).
      quote_record_delimiter: true,
      escape_formulas: true,
      cast: { boolean: (value) => String(value) },
    },
  );
}
