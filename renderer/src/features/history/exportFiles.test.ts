import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { InboxRow } from './api/inbox.ts';
import { conversationsCsv, conversationsJson, transcriptCsv } from './exportFiles.ts';

const row: InboxRow = {
  id: 'c1',
  agent_id: 'a1',
  agent_name: 'Front, "desk"',
  channel: 'phone',
  visitor_id: '+33612345678',
  contact_id: 'k1',
  contact_name: 'Marie Curie',
  language: 'fr',
  satisfaction: 0.75,
  started_at: '2026-11-20T10:00:00Z',
  last_message_at: '2026-11-20T10:05:00Z',
  ended_at: null,
  message_count: 4,
  preview: 'Line one\nline two',
};

describe('inbox exports', () => {
  it('writes a CSV that parses back to the same rows, quotes and newlines included', () => {
    const [parsed] = parse(conversationsCsv([row]), { columns: true }) as Record<string, string>[];
    expect(parsed).toMatchObject({
      id: 'c1',
      agent_name: 'Front, "desk"',
      preview: 'Line one\nline two',
      satisfaction: '0.75',
      ended_at: '',
      message_count: '4',
    });
  });

  it('writes JSON with the rows as they came', () => {
    expect(JSON.parse(conversationsJson([row]))).toEqual({ conversations: [row] });
  });

  it('writes a transcript with its tools and citations', () => {
    const csv = transcriptCsv([
      {
        id: 'm1',
        role: 'assistant',
        content: 'Booked.',
        timestamp: '2026-11-20T10:01:00Z',
        tool_calls: [{ name: 'Calendar', function: 'manage_calendar', status: 'ok' }],
        citations: [{ documentId: 'd1', name: 'Hours.pdf', snippet: 'Open 9-5' }],
      },
    ]);
    expect(parse(csv, { columns: true })).toEqual([
      {
        timestamp: '2026-11-20T10:01:00Z',
        role: 'assistant',
        content: 'Booked.',
        tools: 'Calendar (ok)',
        citations: 'Hours.pdf',
      },
    ]);
  });
});
