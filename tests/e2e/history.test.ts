import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { recordingDownloadName } from '../../supabase/functions/_shared/contracts/history.ts';
import { recordingPath } from '../../supabase/functions/voice-session/session.ts';
import type { Database } from '../../supabase/types/database.ts';
import { historyEn } from '../../renderer/src/features/history/locales/en.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { formatPhone } from '../../supabase/functions/_shared/contracts/phone-format.ts';
import { CallHistoryPage, ContactsPage, InboxPage } from './pages/HistoryPages.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * The call history, contacts and inbox on seeded data (a fresh owner, rows written with the service
 * role as the channels write them): call history pages, plays and downloads a stereo phone
 * recording and a browser-call recording as `{type}-call-{yyyy-MM-dd-HH-mm-ss}.{ext}`; a caller who
 * then wrote on WhatsApp is one contact with both in one timeline; favourite and notes survive a
 * reload; every list's export (calls, contacts, inbox) parses and holds the seeded rows its filters
 * match, past one page; the pages fit a 768 px window; the inbox works from the keyboard.
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
let browserCall: { id: string; path: string; startedAt: string; bytes: number };
/** Every call /calls lists (phone and browser, answered or not), with its agent. */
const listedCalls: { id: string; agent: 'front' | 'back'; from: string | null }[] = [];
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
        settled_at: minutesAgo(1),
        conversation_id: phoneConv.id,
      })
      .select('id, timestamp')
      .single(),
  );
  const path = `${ownerId}/${front.id}/calls/${call.id}.wav`;
  await must(service.storage.from('recordings').upload(path, wav, { contentType: 'audio/wav' }));
  await must(service.from('calls').update({ recording_path: path }).eq('id', call.id));
  recordedCall = { id: call.id, path, startedAt: call.timestamp, bytes: wav.length };
  listedCalls.push({ id: call.id, agent: 'front', from: CALLER });

  // 22 more completed calls and one that failed (listed too: it is a call to return), on both agents.
  const more = await must(
    service
      .from('calls')
      .insert([
        ...Array.from({ length: 22 }, (_, i) => ({
          user_id: ownerId,
          assigned_agent: i % 2 === 0 ? front.id : back.id,
          from_number: `+1415555${String(2000 + i)}`,
          to_number: '+15550001111',
          status: 'completed',
          duration: 40 + i,
          timestamp: minutesAgo(10 + i * 30),
          settled_at: minutesAgo(10 + i * 30),
        })),
        {
          user_id: ownerId,
          assigned_agent: front.id,
          from_number: '+14155550000',
          to_number: '+15550001111',
          status: 'failed',
          duration: 0,
          timestamp: minutesAgo(5),
          settled_at: minutesAgo(5),
        },
      ])
      .select('id, assigned_agent, from_number, status'),
  );
  for (const c of more)
    listedCalls.push({ id: c.id, agent: c.assigned_agent === front.id ? 'front' : 'back', from: c.from_number });
  // A browser voice call, recorded by the page (a WAV, one of the formats it may upload).

  const voiceConv = await conversation({
    user_id: ownerId,
    agent_id: back.id,
    channel: 'web_voice',
    visitor_id: 'browser-1',
    started_at: minutesAgo(300),
  });
  const voiceWav = stereoWav(1);
  const voicePath = recordingPath(ownerId, back.id, new Date(minutesAgo(300)), 'audio/wav');
  await must(service.storage.from('recordings').upload(voicePath, voiceWav, { contentType: 'audio/wav' }));
  const voice = await must(
    service
      .from('calls')
      .insert({
        kind: 'browser_voice',
        source: 'visitor',
        user_id: ownerId,
        assigned_agent: back.id,
        conversation_id: voiceConv.id,
        status: 'completed',
        duration: 61,
        timestamp: minutesAgo(300),
        settled_at: minutesAgo(300),
        recording_path: voicePath,
        mime_type: 'audio/wav',
      })
      .select('id, timestamp')
      .single(),
  );
  browserCall = { id: voice.id, path: voicePath, startedAt: voice.timestamp, bytes: voiceWav.length };
  listedCalls.push({ id: voice.id, agent: 'back', from: null });
  // The same caller writes on WhatsApp later.
  const waConv = await conversation({
    user_id: ownerId,
    agent_id: front.id,
    channel: 'whatsapp',
    visitor_id: `whatsapp:${CALLER}`,
    started_at: minutesAgo(30),
    last_message_at: minutesAgo(29),
  });
  // Its text is a line of the transcript; the WhatsApp row holds the delivery for that line.
  const waLine = await service
    .from('messages')
    .insert({
      conversation_id: waConv.id,
      user_id: ownerId,
      role: 'user',
      content: 'Can I bring a dog?',
      timestamp: minutesAgo(30),
    })
    .select('id')
    .single();
  if (waLine.error) throw new Error(waLine.error.message);
  await must(
    service.from('whatsapp_messages').insert({
      user_id: ownerId,
      assigned_agent: front.id,
      conversation_id: waConv.id,
      message_id: waLine.data.id,
      from_number: `whatsapp:${CALLER}`,
      profile_name: 'Marie Curie',
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
  // Cascades to the owner's agents, calls, conversations and contacts.
  if (ownerId) await service?.auth.admin.deleteUser(ownerId);
});

async function signedIn() {
  const { context, page } = await newPage(browser, DESKTOP);
  await new ConsolePage(page, product.consoleUrl).signIn(email, password);
  return { context, page };
}

describe('call history', () => {
  it('lists every call 20 at a time, plays the stereo recording and downloads it under its call-type and start-time name', async () => {
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
    // 23 completed phone calls, the failed one and 1 browser call
    await expect.poll(() => calls.rows().count()).toBe(25);
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
    await expect.poll(() => calls.rows().first().textContent()).toContain(formatPhone(CALLER));
    await context.close();
  });
});

describe('call history from the keyboard', () => {
  it('opens a call’s details with Enter on its row and closes them with Escape', async () => {
    const { context, page } = await signedIn();
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.open('/calls');
    await expect.poll(() => calls.rows().count()).toBe(20);
    // Tab from the first row's 'Détails' reaches the second row's: each row is one keyboard stop.
    await calls.detailsButton(0).focus();
    await page.keyboard.press('Tab');
    expect(await calls.detailsButtonFocused(1)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await calls.detailsButtonFocused(0)).toBe(true);
    await page.keyboard.press('Enter');
    await calls.dialog().waitFor();
    // The newest call is the recorded phone call: its transcript is in the dialog.
    await calls.transcriptLine('Booked for eight tonight.').waitFor();
    await page.keyboard.press('Escape');
    await calls.dialog().waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('call history periods and date ranges', () => {
  /** A second owner whose calls lie days apart, so each period and range lists a different set. */
  const rangeEmail = `history-range-${Date.now().toString(36)}@example.com`;
  const TIME_ZONE = 'Europe/Paris';
  const HOUR = 3_600_000;
  const LONG_AGENT = 'ArchivesDuServiceClientDeLaRegionAuvergneRhoneAlpesEtBourgogneFrancheComte';
  let rangeOwner: string | undefined;
  /** Calls, newest first, each with its own caller number (one failed: listed like the others). */
  const seeded: { from: string; at: number; status: string }[] = [];
  const hoursAgo = [2, 30, 72, 156, 240, 480, 696, 960];
  /** The browser's local day of an instant (yyyy-MM-dd), as `<input type="date">` writes it. */
  const localDay = (at: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      at,
    );

  beforeAll(async () => {
    const created = await service.auth.admin.createUser({ email: rangeEmail, password, email_confirm: true });
    if (created.error) throw created.error;
    rangeOwner = created.data.user.id;
    await must(service.from('profiles').update({ lang: 'en' }).eq('id', rangeOwner));
    const agent = await must(
      // A name with no break opportunity: the list must still fit (the Détails button in view).
      service.from('agents').insert({ user_id: rangeOwner, name: LONG_AGENT }).select('id').single(),
    );
    for (const [i, h] of hoursAgo.entries())
      seeded.push({ from: `+1415666${String(1000 + i)}`, at: now - h * HOUR, status: 'completed' });
    seeded.push({ from: '+14156669999', at: now - 100 * HOUR, status: 'failed' });
    seeded.sort((a, b) => b.at - a.at);
    const row = (from: string, at: number, status: string) => ({
      user_id: rangeOwner!,
      assigned_agent: agent.id,
      from_number: from,
      to_number: '+15550002222',
      status,
      duration: 30,
      timestamp: new Date(at).toISOString(),
      settled_at: new Date(at).toISOString(),
    });
    await must(service.from('calls').insert(seeded.map((c) => row(c.from, c.at, c.status))));
  });
  afterAll(async () => {
    if (rangeOwner) await service?.auth.admin.deleteUser(rangeOwner);
  });

  async function openAsRangeOwner() {
    // The browser's days are Paris days, whatever the machine's zone: the range is computed in the same zone.
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: TIME_ZONE });
    const page = await context.newPage();
    await new ConsolePage(page, product.consoleUrl).signIn(rangeEmail, password);
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.open('/calls');
    return { context, calls };
  }
  const within = (hours: number) =>
    seeded.filter((c) => c.at >= Date.now() - hours * HOUR).map((c) => formatPhone(c.from));

  it('lists exactly the seeded calls of a date range in local days, both ends included', async () => {
    const { context, calls } = await openAsRangeOwner();
    // The default period is 7 days.
    expect(await calls.periodButton(historyEn.calls.period['7d']).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => calls.callers()).toEqual(within(7 * 24));

    const from = localDay(now - 11 * 24 * HOUR);
    const to = localDay(now - 2 * 24 * HOUR);
    const inRange = seeded
      .filter((c) => localDay(c.at) >= from && localDay(c.at) <= to)
      .map((c) => formatPhone(c.from));
    expect(inRange.length).toBeGreaterThanOrEqual(3);
    await calls.dateRange(from, to);
    await expect.poll(() => calls.callers()).toEqual(inRange);
    expect(await calls.periodButton(historyEn.calls.period['7d']).getAttribute('aria-pressed')).toBe('false');
    await context.close();
  });

  it('lists exactly the seeded calls of each period', async () => {
    const { context, calls } = await openAsRangeOwner();
    await expect.poll(() => calls.callers()).toEqual(within(7 * 24));
    // Columns (desktop) or one block per call (768 px): a long agent name never pushes 'Détails' out.
    await calls.rows().first().getByText(LONG_AGENT).waitFor();
    expect(await calls.detailsButtonFits(0), 'desktop').toBe(true);
    await calls.setViewport(768, 1024);
    expect(await calls.detailsButtonFits(0), '768 px').toBe(true);
    expect(await calls.overflowsHorizontally(), '768 px').toBe(false);
    await calls.setViewport(DESKTOP.width, DESKTOP.height);
    await calls.periodButton(historyEn.calls.period['24h']).click();
    await expect.poll(() => calls.callers()).toEqual(within(24));
    expect(within(24)).toHaveLength(1);
    await calls.periodButton(historyEn.calls.period['30d']).click();
    await expect.poll(() => calls.callers()).toEqual(within(30 * 24));
    expect(within(30 * 24)).toHaveLength(8);
    await context.close();
  });
});

describe('call history: browser calls and exports', () => {
  it('plays a browser call’s recording and downloads it under its call-type and start-time name', async () => {
    const { context, page } = await signedIn();
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.open(`/agents/${back.id}/calls`);
    await expect.poll(() => calls.rows().count()).toBe(12);
    await calls.openDetailsOf(historyEn.calls.browserCaller);
    await calls.waveform().waitFor();
    await calls.play();
    await expect.poll(() => calls.playedSeconds(), { timeout: 10_000 }).toBeGreaterThan(0.2);

    const download = await calls.download();
    expect(download.suggestedFilename()).toBe(
      recordingDownloadName('voice', new Date(browserCall.startedAt), browserCall.path, 'audio/wav'),
    );
    expect(download.suggestedFilename()).toMatch(/^voice-call-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.wav$/);
    expect((await readFile(await download.path())).length).toBe(browserCall.bytes);
    await context.close();
  });

  it('exports the list as filtered, all agents or one, beyond the 20 rows on screen', async () => {
    const { context, page } = await signedIn();
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    await calls.open('/calls');
    await expect.poll(() => calls.rows().count()).toBe(20);

    const csv = await calls.exportList('CSV');
    expect(csv.suggestedFilename()).toMatch(/^calls-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile(await csv.path(), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.id).sort()).toEqual(listedCalls.map((c) => c.id).sort());
    expect(rows.find((r) => r.id === recordedCall.id)).toMatchObject({
      kind: 'gsm',
      agent_name: 'Front desk',
      // A leading + is a formula to a spreadsheet: every CSV export defuses it (renderer/src/lib/csv.ts).
      from_number: `'${CALLER}`,
      duration: '95',
      recording_path: recordedCall.path,
    });
    expect(rows.find((r) => r.id === browserCall.id)).toMatchObject({
      kind: 'voice',
      agent_name: 'Back office',
      from_number: '',
      duration: '61',
      recording_mime: 'audio/wav',
    });

    await calls.search('+33 6 12');
    await expect.poll(() => calls.rows().count()).toBe(1);
    const json = await calls.exportList('JSON');
    expect(json.suggestedFilename()).toMatch(/^calls-.*\.json$/);
    const found = JSON.parse(await readFile(await json.path(), 'utf8')) as { calls: { id: string }[] };
    expect(found.calls.map((c) => c.id)).toEqual([recordedCall.id]);

    await calls.open(`/agents/${back.id}/calls`);
    await expect.poll(() => calls.rows().count()).toBe(12);
    const mine = parse(await readFile(await (await calls.exportList('CSV')).path(), 'utf8'), {
      columns: true,
    }) as Record<string, string>[];
    expect(mine.map((r) => r.id).sort()).toEqual(
      listedCalls
        .filter((c) => c.agent === 'back')
        .map((c) => c.id)
        .sort(),
    );
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

describe('contact exports', () => {
  it('exports the cards as searched and filtered', async () => {
    const { context, page } = await signedIn();
    const contacts = new ContactsPage(page, product.consoleUrl, historyEn);
    await contacts.open();
    await expect.poll(() => contacts.cards().count()).toBe(1);
    const csv = await contacts.exportList('CSV');
    expect(csv.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile(await csv.path(), 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    // favourite and notes as the previous test saved them
    expect(rows[0]).toMatchObject({
      first_name: 'Marie',
      last_name: 'Curie',
      favorite: 'true',
      notes: 'Prefers the terrace',
      conversation_count: '2',
      channels: 'phone;whatsapp',
    });
    expect(rows[0]?.phone?.replace(/\D/g, '')).toBe(CALLER.replace(/\D/g, ''));

    await contacts.favouritesOnly(true);
    await contacts.search('Curie');
    await expect.poll(() => contacts.cards().count()).toBe(1);
    const favourites = JSON.parse(await readFile(await (await contacts.exportList('JSON')).path(), 'utf8')) as {
      contacts: { first_name: string; favorite: boolean }[];
    };
    expect(favourites.contacts).toEqual([expect.objectContaining({ first_name: 'Marie', favorite: true })]);

    await contacts.search('nobody by that name');
    // The empty state, not just no cards (none are drawn while the new search loads either).
    await page.getByText(historyEn.contacts.emptyFiltered).waitFor();
    expect(await contacts.cards().count()).toBe(0);
    const none = JSON.parse(await readFile(await (await contacts.exportList('JSON')).path(), 'utf8')) as {
      contacts: unknown[];
    };
    expect(none.contacts).toEqual([]);
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

  it('opens a conversation from the keyboard', async () => {
    const { context, page } = await signedIn();
    const inbox = new InboxPage(page, product.consoleUrl, historyEn);
    await inbox.open();
    await expect.poll(() => inbox.items().count()).toBe(conversationIds.length);
    // Tab from the last export button lands on the newest conversation (WhatsApp); Enter opens it.
    await inbox.exportListButton('JSON').focus();
    await page.keyboard.press('Tab');
    expect(await inbox.focusedItemTestId()).toBe('inbox-item');
    await page.keyboard.press('Enter');
    await inbox.waitForPath(`/conversations/${conversationIds[2]}`);
    await inbox.transcriptText('Can I bring a dog?').waitFor();
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

describe('a conversation link that names none of the owner’s conversations', () => {
  it('an unknown conversation id says not found', async () => {
    const stranger = await service.auth.admin.createUser({
      email: `history-stranger-${Date.now().toString(36)}@example.com`,
      password,
      email_confirm: true,
    });
    if (stranger.error) throw stranger.error;
    try {
      const theirs = await must(
        service
          .from('conversations')
          .insert({ user_id: stranger.data.user.id, channel: 'web_chat', visitor_id: 'browser-9' })
          .select('id')
          .single(),
      );
      const { context, page } = await signedIn();
      const inbox = new InboxPage(page, product.consoleUrl, historyEn);
      for (const id of [theirs.id, crypto.randomUUID(), 'not-a-conversation']) {
        await inbox.goto(`/conversations/${id}`);
        await inbox.notFound().waitFor();
      }
      await context.close();
    } finally {
      await service.auth.admin.deleteUser(stranger.data.user.id);
    }
  });
});

describe('an inbox longer than one export page', () => {
  it('exports every conversation, past the function’s 1000 rows a page', async () => {
    const bigEmail = `history-big-${Date.now().toString(36)}@example.com`;
    const created = await service.auth.admin.createUser({ email: bigEmail, password, email_confirm: true });
    if (created.error) throw created.error;
    const bigOwner = created.data.user.id;
    await must(service.from('profiles').update({ lang: 'en' }).eq('id', bigOwner));
    const agent = await must(service.from('agents').insert({ user_id: bigOwner, name: 'Busy' }).select('id').single());
    const seeded: { id: string }[] = [];
    // In batches: a response is capped like any read (1000 rows).
    for (let start = 0; start < 1_005; start += 500) {
      const batch = Array.from({ length: Math.min(500, 1_005 - start) }, (_, n) => ({
        user_id: bigOwner,
        agent_id: agent.id,
        channel: 'web_chat',
        visitor_id: `browser-big-${start + n}`,
        // three at a time share a start: the keyset's id tie-break must still list each once
        started_at: minutesAgo(Math.floor((start + n) / 3)),
      }));
      seeded.push(...(await must(service.from('conversations').insert(batch).select('id'))));
    }

    const { context, page } = await newPage(browser, DESKTOP);
    await new ConsolePage(page, product.consoleUrl).signIn(bigEmail, password);
    const inbox = new InboxPage(page, product.consoleUrl, historyEn);
    await inbox.open();
    await expect.poll(() => inbox.items().count()).toBe(20);
    const rows = parse(await readFile(await (await inbox.exportList('CSV')).path(), 'utf8'), {
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(1_005);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(seeded.map((c) => c.id)));
    await context.close();
    await service.auth.admin.deleteUser(bigOwner);
  });
});

describe('at 768 px', () => {
  it('fits every history page in the window, the inbox one pane at a time', async () => {
    const { context, page } = await newPage(browser, { width: 768, height: 1024 });
    await new ConsolePage(page, product.consoleUrl).signIn(email, password);
    const calls = new CallHistoryPage(page, product.consoleUrl, historyEn);
    const contacts = new ContactsPage(page, product.consoleUrl, historyEn);
    const inbox = new InboxPage(page, product.consoleUrl, historyEn);
    const contact = await must(service.from('contacts').select('id').eq('user_id', ownerId).single());

    await calls.open('/calls');
    await expect.poll(() => calls.rows().count()).toBe(20);
    expect(await calls.overflowsHorizontally(), '/calls').toBe(false);
    // Every column of a call is readable without scrolling the list sideways.
    expect(await calls.detailsButtonFits(0), '/calls details').toBe(true);
    await screenshot(page, 'history-768-calls');
    await calls.open(`/agents/${front.id}/calls`);
    await expect.poll(() => calls.rows().count()).toBe(13); // 12 completed + the failed one
    expect(await calls.overflowsHorizontally(), '/agents/{id}/calls').toBe(false);
    expect(await calls.detailsButtonFits(0), '/agents/{id}/calls details').toBe(true);
    await screenshot(page, 'history-768-agent-calls');

    await contacts.open();
    await expect.poll(() => contacts.cards().count()).toBe(1);
    expect(await contacts.overflowsHorizontally(), '/contacts').toBe(false);
    await contacts.goto(`/contacts/${contact.id}`);
    await expect.poll(() => contacts.timelineEntries().count()).toBe(2);
    expect(await contacts.overflowsHorizontally(), '/contacts/{id}').toBe(false);
    await screenshot(page, 'history-768-contact');

    await inbox.open();
    await expect.poll(() => inbox.items().count()).toBe(conversationIds.length);
    expect(await inbox.overflowsHorizontally(), '/conversations').toBe(false);
    await inbox.items().first().click();
    await inbox.transcriptText('Can I bring a dog?').waitFor();
    // One pane at a time: the transcript replaces the list until 'Back to the list'.
    expect(await inbox.items().first().isVisible()).toBe(false);
    expect(await inbox.overflowsHorizontally(), '/conversations/{id}').toBe(false);
    await screenshot(page, 'history-768-conversation');
    await page.getByRole('link', { name: historyEn.inbox.back }).click();
    await inbox.items().first().waitFor();
    await context.close();
  });
});
