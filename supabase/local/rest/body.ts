import { RestError } from './errors.ts';

/** Request payloads: JSON object/array, CSV for bulk inserts, urlencoded forms. */

export type Payload =
  | { kind: 'object'; value: Record<string, unknown> }
  | { kind: 'array'; value: unknown[] }
  | { kind: 'other'; value: unknown };

export const invalidJson = (): RestError => new RestError(400, 'PGRST102', 'Empty or invalid json');

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Splits CSV text into records, honouring double-quoted fields with `""` escapes. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      wasQuoted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      wasQuoted = false;
    } else field += ch;
  }
  if (field !== '' || record.length > 0 || wasQuoted) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Reads and decodes the body by Content-Type; an empty body is `undefined`. */
export function decodePayload(text: string, contentType: string | null): Payload | undefined {
  const type = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (text.trim() === '') return undefined;
  if (type === 'text/csv') {
    const [header, ...rows] = parseCsv(text);
    if (!header) return undefined;
    const value = rows.map((r) =>
      Object.fromEntries(header.map((h, i) => [h, r[i] === 'NULL' ? null : (r[i] ?? null)])),
    );
    return { kind: 'array', value };
  }
  if (type === 'application/x-www-form-urlencoded') {
    return { kind: 'object', value: Object.fromEntries(new URLSearchParams(text)) };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidJson();
  }
  if (isPlainObject(value)) return { kind: 'object', value };
  if (Array.isArray(value)) return { kind: 'array', value };
  return { kind: 'other', value };
}

/** Rows to insert and the columns to use: `columns` param, else the (identical) keys of every object. */
export function insertRows(
  payload: Payload | undefined,
  columnsParam: string[] | undefined,
): { rows: Record<string, unknown>[]; columns: string[]; isArray: boolean } {
  if (!payload) {
    if (columnsParam) return { rows: [], columns: columnsParam, isArray: true };
    throw invalidJson();
  }
  if (payload.kind === 'other') throw invalidJson();
  const isArray = payload.kind === 'array';
  const list = payload.kind === 'array' ? payload.value : [payload.value];
  const rows: Record<string, unknown>[] = [];
  for (const item of list) {
    if (!isPlainObject(item)) throw invalidJson();
    rows.push(item);
  }
  if (columnsParam) return { rows, columns: columnsParam, isArray };
  const first = rows[0] ? Object.keys(rows[0]) : [];
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || !keys.every((k) => first.includes(k))) {
      throw new RestError(400, 'PGRST102', 'All object keys must match');
    }
  }
  return { rows, columns: first, isArray };
}
