import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordingDownloadName } from '../../supabase/functions/_shared/contracts/history.ts';
import type { Database } from '../../supabase/types/database.ts';
import { historyEn } from '../../renderer/src/features/history/locales/en.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { CallHistoryPage, ContactsPage, InboxPage } from './pages/HistoryPages.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Issue 18 §5-7 on seeded data (a fresh owner, rows written with the service role as the channels
 * write them): call history pages, plays and downloads a stereo phone recording under the spec's
 * name; a caller who then wrote on WhatsApp is one contact with both in one timeline; favourite and
 * notes survive a reload; the inbox's exports parse and hold the seeded conversations.
 */
const product = inject('product');
let browser: Browser;
let service: SupabaseClient<Database>;
const email = `history-${Date.now().toString(36)}@example.com`;
const password = 'history-owner-pass';
let ownerId: string;
let front: { id: string };
let back: { id: string };
const now = Date.now();
const minutesAgo = (m: number) => new Date(now - m * 60_000).toISOString();
const CALLER = '+33612345678';
let recordedCall: { id: string; path: string; startedAt: string; bytes: number };
const conversationIds: string[] = [];

/** A 2-second 16-bit stereo WAV: 440 Hz on the caller's (left) channel, 660 Hz on the agent's. */
function stereoWav(seconds = 2, rate = 8000): Buffer {
  const frames = seconds * rate;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), i * 4);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 660 * i) / rate) * 12000), i * 4 + 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function must<T>(result: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<NonNullable<T>> {
  const { data, error } = await result;
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

async function conversation(row: Database['public']['Tables']['conversations']['Insert']) {
  const created = await must(service.from('conversations').insert(row).select('id').single());
  conversationIds.push(created.id);
  return created;
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await must(service.from('profiles').update({ lang: 'en' }).eq('id', ownerId));
  front = await must(service.from('agents').insert({ user_id: ownerId, name: 'Front desk' }).select('id').single());
  back = await must(service.from('agents').insert({ user_id: ownerId, name: 'Back office' }).select('id').single());

  // The caller's phone call, recorded in stereo, with its transcript.
  const phoneConv = await conversation({
    user_id: ownerId,
    agent_id: front.id,
    channel: 'phone',
    visitor_id: CALLER,
    started_at: minutesAgo(120),
    last_message_at: minutesAgo(118),
  });
  await must(
    service.from('messages').insert([
      {
        conversation_id: phoneConv.id,
        user_id: ownerId,
        role: 'user',
        content: 'I need a table for four.',
        timestamp: minutesAgo(119.5),
      },
      {
        conversation_id: phoneConv.id,
        user_id: ownerId,
        role: 'assistant',
        content: 'Booked for eight tonight.',
        timestamp: minutesAgo(119),
      },
    ]),
  );
  const wav = stereoWav();
  const call = await must(
    service
      .from('calls')
      .insert({
        user_id: ownerId,
        assigned_agent: front.id,
        from_number: CALLER,
        to_number: '+15550001111',
        status: 'completed',
        duration: 95,
        timestamp: minutesAgo(1),
        conversation_id: phoneConv.id,
      })
      .select('id, timestamp')
      .single(),
  );
  const path = `${ownerId}/${front.id}/calls/${call.id}.wav`;
  await must(service.storage.from('recordings').upload(path, wav, { contentType: 'audio/wav' }));
  await must(service.from('calls').update({ recording_path: path }).eq('id', call.id));
  recordedCall = { id: call.id, path, startedAt: call.timestamp, bytes: wav.length };

  // 22 more completed calls and one that failed (never listed), on both agents.
  await must(
    service.from('calls').insert([
      ...Array.from({ length: 22 }, (_, i) => ({
        user_id: ownerId,
        assigned_agent: i % 2 === 0 ? front.id : back.id,
        from_number: `+1415555${String(2000 + i)}`,
        to_number: '+15550001111',
        status: 'completed',
        duration: 40 + i,
        timestamp: minutesAgo(10 + i * 30),
      })),
      {
        user_id: ownerId,
        assigned_agent: front.id,
        from_number: '+14155550000',
        to_number: '+15550001111',
        status: 'failed',
        duration: 0,
        timestamp: minutesAgo(5),
      },
    ]),
  );
  // A browser voice call.
  const voiceConv = await conversation({
    user_id: ownerId,
    agent_id: back.id,
    channel: 'web_voice',
    visitor_id: 'browser-1',
    started_at: minutesAgo(300),
  });
  await must(
    service.from('voice_calls').insert({
      user_id: ownerId,
      agent_id: back.id,
      conversation_id: voiceConv.id,
      status: 'completed',
      duration: 61,
      created_at: minutesAgo(300),
      storage_path: `${ownerId}/${back.id}/voice.webm`,
      mime_type: 'audio/webm',
    }),
  );
  // The same caller writes on WhatsApp later.
  await must(
    service.from('whatsapp_messages').insert({
      user_id: ownerId,
      assigned_agent: front.id,
      from_number: `whatsapp:${CALLER}`,
      profile_name: 'Marie Curie',
      body: 'Can I bring a dog?',
      timestamp: minutesAgo(30),
    }),
  );
  const waConv = await conversation({
    user_id: ownerId,
    agent_id: front.id,
    channel: 'whatsapp',
    visitor_id: `whatsapp:${CALLER}`,
    started_at: minutesAgo(30),
    last_message_at: minutesAgo(29),
  });
  await must(
    service.from('messages').insert({
      conversation_id: waConv.id,
      user_id: ownerId,
      role: 'user',
      content: 'Can I bring a dog?',
      timestamp: minutesAgo(30),
    }),
  );
  // A web chat whose answer used a tool and cited a document, rated 4/5.
  const chat = await conversation({
    user_id: ownerId,
    agent_id: back.id,
    channel: 'web_chat',
    visitor_id: 'browser-2',
    started_at: minutesAgo(60),
    satisfaction: 0.75,
  });
  await must(
    service.from('messages').insert([
      {
        conversation_id: chat.id,
        user_id: ownerId,
        role: 'user',
        content: 'When are you open?',
        timestamp: minutesAgo(60),
      },
      {
        conversation_id: chat.id,
        user_id: ownerId,
        role: 'assistant',
        content: 'Every day from nine to five.',
        timestamp: minutesAgo(59.9),
        tool_calls: [{ name: 'Calendar', function: 'manage_calendar', status: 'succeeded', step: 1 }],
        citations: [{ documentId: 'doc-1', name: 'Opening hours.pdf', snippet: 'Open daily 9-5' }],
      },
    ]),
  );
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn() {
  const { context, page } = await newPage(browser, DESKTOP);
  await new ConsolePage(page, product.consoleUrl).signIn(email, password);
  return { context, page };
}

describe('call history', () => {
  it('lists completed calls 20 at a time, plays the stereo recording and downloads it under the spec’s name', async () => {
    const { context, page } = await signedIn();
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.open('/calls');
    await expect.poll(() => calls.rows().count()).toBe(20);
    expect(await calls.columnHeaders().allTextContents()).toEqual([
      'Type',
      'Date',
      'De',
      'Agent',
      'Durée',
      'Statut',
      'Actions',
    ]);
    await calls.loadMore().click();
    // 23 completed phone calls + 1 browser call; the failed one is not listed (spec 002 §4.2)
    await expect.poll(() => calls.rows().count()).toBe(24);
    await expect.poll(() => calls.loadMore().count()).toBe(0);

    await calls.openDetails(0);
    await calls.transcriptLine('Booked for eight tonight.').waitFor();
    await calls.waveform().waitFor();
    await calls.channelLabel('caller').waitFor();
    await calls.channelLabel('agent').waitFor();
    await calls.play();
    await expect.poll(() => calls.playedSeconds(), { timeout: 10_000 }).toBeGreaterThan(0.2);
    await screenshot(page, 'history-call-details');

    const download = await calls.download();
    expect(download.suggestedFilename()).toBe(
      recordingDownloadName('gsm', new Date(recordedCall.startedAt), recordedCall.path),
    );
    expect(download.suggestedFilename()).toMatch(/^gsm-call-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.wav$/);
    const file = await download.path();
    expect((await readFile(file)).length).toBe(recordedCall.bytes);
    await context.close();
  });

  it('shows one agent’s calls with the per-agent columns and finds a caller by number', async () => {
    const { context, page } = await signedIn();
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.open(`/agents/${back.id}/calls`);
    expect(await calls.columnHeaders().allTextContents()).toEqual(['Date', 'De', 'Durée', 'Statut', 'Actions']);
    await expect.poll(() => calls.rows().count()).toBe(12); // 11 phone + 1 browser call
    await calls.open('/calls');
    await expect.poll(() => calls.rows().count()).toBe(20);
    await calls.search('+33 6 12');
    await expect.poll(() => calls.rows().count()).toBe(1);
    await expect.poll(() => calls.rows().first().textContent()).toContain(CALLER);
    await context.close();
  });
});

describe('contacts', () => {
  it('shows a caller who then wrote on WhatsApp as one contact with both in one timeline, newest first', async () => {
    const { context, page } = await signedIn();
    const contacts = new ContactsPage(page, product.consoleUrl, historyEn);
    await contacts.open();
    await expect.poll(() => contacts.cards().count()).toBe(1);
    await contacts.openContact('Marie Curie');
    await expect.poll(() => contacts.timelineEntries().count()).toBe(2);
    expect(
      await contacts.timelineEntries().evaluateAll((els) => els.map((e) => e.getAttribute('data-channel'))),
    ).toEqual(['whatsapp', 'phone']);
    await screenshot(page, 'history-contact-timeline');
    await context.close();
  });

  it('keeps the favourite and the notes across a reload', async () => {
    const { context, page } = await signedIn();
    const contacts = new ContactsPage(page, product.consoleUrl, historyEn);
    await contacts.open();
    await contacts.openContact('Marie Curie');
    await contacts.favouriteButton().click();
    await expect.poll(() => contacts.favouriteButton().getAttribute('aria-pressed')).toBe('true');
    await contacts.saveNotes('Prefers the terrace');
    await page.reload();
    await contacts.heading('Marie Curie').waitFor();
    await expect.poll(() => contacts.favouriteButton().getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => contacts.notes().inputValue()).toBe('Prefers the terrace');
    await contacts.open();
    await contacts.favouritesOnly(true);
    await expect.poll(() => contacts.cards().count()).toBe(1);
    await context.close();
  });
});

describe('conversations inbox', () => {
  it('lists every channel, shows tools and sources, and exports files that parse and match the seed', async () => {
    const { context, page } = await signedIn();
    const inbox = new InboxPage(page, product.consoleUrl, historyEn);
    await inbox.open();
    await expect.poll(() => inbox.items().count()).toBe(conversationIds.length);

    const csv = await inbox.exportList('CSV');
    const rows = parse(await readFile(await csv.path(), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id).sort()).toEqual([...conversationIds].sort());
    expect(rows.find((r) => r.channel === 'web_chat')).toMatchObject({
      agent_name: 'Back office',
      satisfaction: '0.75',
      message_count: '2',
    });
    const json = await inbox.exportList('JSON');
    const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as { conversations: { id: string }[] };
    expect(exported.conversations.map((c) => c.id).sort()).toEqual([...conversationIds].sort());

    await inbox.filterChannel(historyEn.channels.web_chat);
    await expect.poll(() => inbox.items().count()).toBe(1);
    await inbox.items().first().click();
    await inbox.transcriptText('Every day from nine to five.').waitFor();
    await page.getByText('Opening hours.pdf').waitFor();
    await page.getByText(/Calendar · done/).waitFor();
    const one = await inbox.exportConversation('JSON');
    const conv = JSON.parse(await readFile(await one.path(), 'utf8')) as { messages: { content: string }[] };
    expect(conv.messages.map((m) => m.content)).toEqual(['When are you open?', 'Every day from nine to five.']);
    await context.close();
  });

  it('shows a new message as it arrives', async () => {
    const { context, page } = await signedIn();
    const inbox = new InboxPage(page, product.consoleUrl, historyEn);
    await inbox.open();
    await inbox.filterChannel(historyEn.channels.whatsapp);
    await inbox.items().first().click();
    await inbox.transcriptText('Can I bring a dog?').waitFor();
    const wa = conversationIds[2]!;
    await must(
      service
        .from('messages')
        .insert({ conversation_id: wa, user_id: ownerId, role: 'assistant', content: 'Dogs are welcome.' }),
    );
    await inbox.transcriptText('Dogs are welcome.').waitFor({ timeout: 10_000 });
    await context.close();
  });
});
