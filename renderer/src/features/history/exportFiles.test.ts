import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { CallRow } from './api/callHistory.ts';
import type { ContactCard } from './api/contacts.ts';
import type { InboxRow } from './api/inbox.ts';
import {
  callsCsv,
  callsJson,
  contactsCsv,
  contactsJson,
  conversationsCsv,
  conversationsJson,
  exportFileName,
  transcriptCsv,
} from './exportFiles.ts';

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

const call: CallRow = {
  kind: 'voice',
  id: 'v1',
  agent_id: 'a1',
  agent_name: 'Front; desk',
  from_number: null,
  to_number: null,
  status: 'completed',
  duration: 61,
  started_at: '2026-11-20T10:00:00Z',
  recording_path: 'u1/a1/voice.webm',
  recording_mime: 'audio/webm',
  conversation_id: null,
};

const contact: ContactCard = {
  id: 'k1',
  phone: '+33612345678',
  email: null,
  first_name: 'Marie',
  last_name: 'Curie',
  favorite: true,
  notes: 'Prefers the terrace, "quiet" side',
  last_contact_date: '2026-11-20T10:05:00Z',
  total_call_duration: 95,
  sort_key: '2026-11-20T10:05:00Z',
  conversation_count: 2,
  channels: ['phone', 'whatsapp'],
};

describe('call history exports', () => {
  it('writes every call with empty cells for what a browser call lacks', () => {
    expect(parse(callsCsv([call]), { columns: true })).toEqual([
      {
        id: 'v1',
        kind: 'voice',
        started_at: '2026-11-20T10:00:00Z',
        agent_id: 'a1',
        agent_name: 'Front; desk',
        from_number: '',
        to_number: '',
        status: 'completed',
        duration: '61',
        recording_path: 'u1/a1/voice.webm',
        recording_mime: 'audio/webm',
        conversation_id: '',
      },
    ]);
    expect(JSON.parse(callsJson([call]))).toEqual({ calls: [call] });
  });
});

describe('phone numbers in exports', () => {
  it('writes every number in E.164, however the carrier or the contact list stored it', () => {
    const gsm: CallRow = {
      ...call,
      kind: 'gsm',
      from_number: 'whatsapp:+33 6 12 34 56 78',
      to_number: '+1 415-555-0100',
    };
    expect(JSON.parse(callsJson([gsm])).calls[0]).toMatchObject({
      from_number: '+33612345678',
      to_number: '+14155550100',
    });
    expect(JSON.parse(contactsJson([{ ...contact, phone: '33612345678' }])).contacts[0].phone).toBe('+33612345678');
    expect(parse(contactsCsv([{ ...contact, phone: '33612345678' }]), { columns: true })).toMatchObject([
      { phone: "'+33612345678" },
    ]);
  });
});

describe('contact exports', () => {
  it('writes favourites as true/false, channels joined, and leaves the paging cursor out', () => {
    const [parsed] = parse(contactsCsv([contact, { ...contact, id: 'k2', favorite: false, channels: [] }]), {
      columns: true,
    }) as Record<string, string>[];
    expect(parsed).toEqual({
      id: 'k1',
      first_name: 'Marie',
      last_name: 'Curie',
      // A leading + is a formula to a spreadsheet: the one CSV writer defuses it (lib/csv.ts).
      phone: "'+33612345678",
      email: '',
      favorite: 'true',
      notes: 'Prefers the terrace, "quiet" side',
      last_contact_date: '2026-11-20T10:05:00Z',
      total_call_duration: '95',
      conversation_count: '2',
      channels: 'phone;whatsapp',
    });
    expect(parse(contactsCsv([{ ...contact, favorite: false }]), { columns: true })).toMatchObject([
      { favorite: 'false' },
    ]);
    const { sort_key: _cursor, ...expected } = contact;
    expect(JSON.parse(contactsJson([contact]))).toEqual({ contacts: [expected] });
  });
});

describe('formula injection', () => {
  it('every history export defuses cells a spreadsheet would run (inbox, transcript, calls, contacts)', () => {
    const evil = '=HYPERLINK("http://evil.example","click")';
    const cell = (csv: string, column: string) =>
      (parse(csv, { columns: true }) as Record<string, string>[]).map((line) => line[column]);
    expect(cell(conversationsCsv([{ ...row, preview: evil, contact_name: '@SUM(A1)' }]), 'preview')).toEqual([
      `'${evil}`,
    ]);
    expect(cell(conversationsCsv([{ ...row, contact_name: '@SUM(A1)' }]), 'contact_name')).toEqual(["'@SUM(A1)"]);
    expect(
      cell(
        transcriptCsv([
          {
            id: 'm1',
            role: 'user',
            content: '-2+3+cmd|calc',
            timestamp: '2026-11-20T10:01:00Z',
            tool_calls: null,
            citations: null,
          },
        ]),
        'content',
      ),
    ).toEqual(["'-2+3+cmd|calc"]);
    expect(cell(callsCsv([{ ...call, agent_name: '+cmd' }]), 'agent_name')).toEqual(["'+cmd"]);
    expect(cell(contactsCsv([{ ...contact, notes: '\t=1+1' }]), 'notes')).toEqual(["'\t=1+1"]);
    // Numbers stay numbers.
    expect(cell(callsCsv([call]), 'duration')).toEqual(['61']);
  });
});

describe('export file names', () => {
  it('name every export {subject}-{yyyy-MM-dd-HH-mm-ss}.{format}', () => {
    const at = new Date('2026-11-20T10:05:09Z');
    expect(exportFileName('calls', 'csv', at)).toBe('calls-2026-11-20-10-05-09.csv');
    expect(exportFileName('contacts', 'json', at)).toBe('contacts-2026-11-20-10-05-09.json');
  });
});
