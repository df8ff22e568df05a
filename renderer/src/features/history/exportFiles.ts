/**
 * Exports of the history lists: call history, contacts, the inbox or one
 * conversation, as CSV (lib/csv.ts: RFC 4180, formulas defused) or JSON. Pure functions, so the file
 * contents are unit-tested; `saveExport` hands the text to the browser's download under one naming
 * rule, `{subject}-{yyyy-MM-dd-HH-mm-ss}.{csv|json}`.
 */
import { exportPhone } from '@contracts/phone-format.ts';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import type { CallRow } from './api/callHistory.ts';
import type { ContactCard } from './api/contacts.ts';
import type { InboxRow } from './api/inbox.ts';
import type { TranscriptMessage } from './api/transcript.ts';

export type ExportFormat = 'csv' | 'json';

export const exportMime: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
};

/** A header line of `columns`, then one line per row (the one CSV writer). */
function table<Row>(rows: Row[], columns: readonly string[], cells: (row: Row) => CsvCell[]): string {
  return toCsv(columns, rows.map(cells));
}

const listColumns = [
  'id',
  'started_at',
  'last_message_at',
  'ended_at',
  'channel',
  'agent_id',
  'agent_name',
  'contact_id',
  'contact_name',
  'visitor_id',
  'language',
  'satisfaction',
  'message_count',
  'preview',
] as const satisfies readonly (keyof InboxRow)[];

export function conversationsCsv(rows: InboxRow[]): string {
  return table(rows, listColumns, (row) => listColumns.map((column) => row[column]));
}

export function conversationsJson(rows: InboxRow[]): string {
  return JSON.stringify({ conversations: rows }, null, 2);
}

const callColumns = [
  'id',
  'kind',
  'started_at',
  'agent_id',
  'agent_name',
  'from_number',
  'to_number',
  'status',
  'duration',
  'recording_path',
  'recording_mime',
  'conversation_id',
] as const satisfies readonly (keyof CallRow)[];

/** Calls as call_history gave them; `duration` in seconds. */
export function callsCsv(rows: CallRow[]): string {
  return table(rows.map(callForExport), callColumns, (row) => callColumns.map((column) => row[column]));
}

export function callsJson(rows: CallRow[]): string {
  return JSON.stringify({ calls: rows.map(callForExport) }, null, 2);
}

/** Exports write numbers in E.164, whatever way the carrier gave them. */
function callForExport(row: CallRow): CallRow {
  return { ...row, from_number: exportPhone(row.from_number), to_number: exportPhone(row.to_number) };
}

function contactForExport(row: ContactCard): ContactCard {
  return { ...row, phone: exportPhone(row.phone) };
}

// sort_key is the list's paging cursor, not a fact about the contact.
const contactColumns = [
  'id',
  'first_name',
  'last_name',
  'phone',
  'email',
  'favorite',
  'notes',
  'last_contact_date',
  'total_call_duration',
  'conversation_count',
  'channels',
] as const satisfies readonly (keyof ContactCard)[];

/** Contacts; `channels` is `;`-separated, `total_call_duration` in seconds. */
export function contactsCsv(rows: ContactCard[]): string {
  return table(rows.map(contactForExport), contactColumns, (row) =>
    contactColumns.map((column) => (column === 'channels' ? row.channels.join(';') : row[column])),
  );
}

export function contactsJson(rows: ContactCard[]): string {
  return JSON.stringify(
    { contacts: rows.map(contactForExport).map(({ sort_key: _cursor, ...contact }) => contact) },
    null,
    2,
  );
}

const messageColumns = ['timestamp', 'role', 'content', 'tools', 'citations'] as const;

export function transcriptCsv(messages: TranscriptMessage[]): string {
  return table(messages, messageColumns, (m) => [
    m.timestamp,
    m.role,
    m.content,
    (m.tool_calls ?? []).map((t) => `${t.name} (${t.status})`).join('; '),
    (m.citations ?? []).map((c) => c.name).join('; '),
  ]);
}

export function transcriptJson(conversation: InboxRow | null, messages: TranscriptMessage[]): string {
  return JSON.stringify({ conversation, messages }, null, 2);
}

export function exportFileName(subject: string, format: ExportFormat, now = new Date()): string {
  return `${subject}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.${format}`;
}

/** Starts a download of `content` as `fileName`. */
export function saveFile(fileName: string, content: Blob | string, mime: string): void {
  const blob = typeof content === 'string' ? new Blob([content], { type: mime }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download; free it on the next tick
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves an export of `subject` (e.g. 'calls') under the one naming rule. */
export function saveExport(subject: string, format: ExportFormat, content: string): void {
  saveFile(exportFileName(subject, format), content, exportMime[format]);
}
