/**
 * Exports of the inbox (issue 18 §7): a filtered list or one conversation as CSV (csv-stringify,
 * RFC 4180 quoting) or JSON. Pure functions, so the file contents are unit-tested; `saveFile`
 * hands the text to the browser's download.
 */
import { stringify } from 'csv-stringify/browser/esm/sync';
import type { InboxRow } from './api/inbox.ts';
import type { TranscriptMessage } from './api/transcript.ts';

export type ExportFormat = 'csv' | 'json';

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
  return stringify(
    rows.map((row) => listColumns.map((column) => row[column] ?? '')),
    { header: true, columns: [...listColumns] },
  );
}

export function conversationsJson(rows: InboxRow[]): string {
  return JSON.stringify({ conversations: rows }, null, 2);
}

const messageColumns = ['timestamp', 'role', 'content', 'tools', 'citations'] as const;

export function transcriptCsv(messages: TranscriptMessage[]): string {
  return stringify(
    messages.map((m) => [
      m.timestamp,
      m.role,
      m.content,
      (m.tool_calls ?? []).map((t) => `${t.name} (${t.status})`).join('; '),
      (m.citations ?? []).map((c) => c.name).join('; '),
    ]),
    { header: true, columns: [...messageColumns] },
  );
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
