import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { insightsEn } from '../../renderer/src/features/insights/locales/en.ts';
import { AnalyticsPage } from './pages/AnalyticsPage.ts';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * /analytics on seeded activity of two agents (web chat, WhatsApp, phone calls,
 * browser voice calls) shows per channel, per agent and per day what this test computes from its
 * own seed; the agent filter and the ranges change it; the CSV export parses and matches; the
 * page fits 768 px; another owner's page shows none of it.
 */
const product = inject('product');
const TZ = 'Europe/Paris';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
let service: SupabaseClient<Database>;
const owners: string[] = [];
const agents = { a: '', b: '' };
const AGENT_NAMES = { a: 'Analytics Anna', b: 'Analytics Bruno' };
const stamp = Date.now().toString(36);
const email = `analytics-${stamp}@example.com`;
const otherEmail = `analytics-other-${stamp}@example.com`;
const password = 'analytics-owner-pass';

const PHONE: { agent: 'a' | 'b'; ago: number; status: 'completed' | 'failed'; seconds: number }[] = [
  { agent: 'a', ago: 2 * HOUR, status: 'completed', seconds: 60 },
  { agent: 'a', ago: 2 * DAY, status: 'completed', seconds: 120 },
  { agent: 'a', ago: 3 * HOUR, status: 'failed', seconds: 0 },
  { agent: 'b', ago: 5 * DAY, status: 'completed', seconds: 30 },
];
const VOICE: { agent: 'a' | 'b'; ago: number; seconds: number }[] = [{ agent: 'b', ago: 1 * DAY, seconds: 45 }];
const CHATS: { agent: 'a' | 'b'; channel: 'web_chat' | 'whatsapp'; ago: number; turns: number }[] = [
  { agent: 'a', channel: 'web_chat', ago: 3 * HOUR, turns: 4 },
  { agent: 'b', channel: 'whatsapp', ago: 1 * DAY, turns: 2 },
  // Outside the last 30 days, inside the last 90.
  { agent: 'a', channel: 'web_chat', ago: 40 * DAY, turns: 2 },
];

/** yyyy-MM-dd on the Paris calendar. */
const parisDay = (at: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** The figures of the seed over the last `days` days (today included), computed here. */
function expected(days: number, agent?: 'a' | 'b') {
  const now = Date.now();
  const first = new Date(`${parisDay(now)}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() + 1 - days);
  const inRange = (ago: number) => parisDay(now - ago) >= first.toISOString().slice(0, 10);
  const mine = <T extends { agent: 'a' | 'b' }>(rows: T[]) => rows.filter((r) => !agent || r.agent === agent);
  const phone = mine(PHONE).filter((c) => c.status === 'completed' && inRange(c.ago));
  const voice = mine(VOICE).filter((v) => inRange(v.ago));
  const chats = (channel: string) => mine(CHATS).filter((c) => c.channel === channel && inRange(c.ago));
  const minutes = (s: number) => String(Math.round((s / 60) * 10) / 10);
  return {
    phone: { calls: String(phone.length), callMinutes: minutes(phone.reduce((a, c) => a + c.seconds, 0)) },
    web_voice: { calls: String(voice.length), callMinutes: minutes(voice.reduce((a, v) => a + v.seconds, 0)) },
    web_chat: {
      conversations: String(chats('web_chat').length),
      messages: String(chats('web_chat').reduce((a, c) => a + c.turns, 0)),
    },
    whatsapp: {
      conversations: String(chats('whatsapp').length),
      messages: String(chats('whatsapp').reduce((a, c) => a + c.turns, 0)),
    },
    phoneCallsOn: (date: string) => String(phone.filter((c) => parisDay(now - c.ago) === date).length),
  };
}

async function createOwner(address: string): Promise<string> {
  const created = await service.auth.admin.createUser({ email: address, password, email_confirm: true });
  if (created.error) throw created.error;
  owners.push(created.data.user.id);
  await service.from('profiles').update({ lang: 'en' }).eq('id', created.data.user.id);
  return created.data.user.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const ownerId = await createOwner(email);
  await createOwner(otherEmail);
  for (const key of ['a', 'b'] as const) {
    const agent = await service
      .from('agents')
      .insert({ user_id: ownerId, name: AGENT_NAMES[key], subdomain: `analytics-${key}-${stamp}` })
      .select('id')
      .single();
    if (agent.error) throw agent.error;
    agents[key] = agent.data.id;
  }
  const now = Date.now();
  const at = (ago: number) => new Date(now - ago).toISOString();
  const check = (what: string, error: { message: string } | null) => {
    if (error) throw new Error(`seeding ${what}: ${error.message}`);
  };
  check(
    'calls',
    (
      await service.from('calls').insert(
        PHONE.map((c, i) => ({
          user_id: ownerId,
          assigned_agent: agents[c.agent],
          from_number: `+3361000000${i}`,
          to_number: '+33100000000',
          status: c.status,
          duration: c.seconds,
          timestamp: at(c.ago),
          settled_at: at(c.ago),
        })),
      )
    ).error,
  );
  check(
    'voice calls',
    (
      await service.from('calls').insert(
        VOICE.map((v) => ({
          kind: 'browser_voice',
          source: 'visitor',
          user_id: ownerId,
          assigned_agent: agents[v.agent],
          status: 'completed',
          duration: v.seconds,
          timestamp: at(v.ago),
          settled_at: at(v.ago),
        })),
      )
    ).error,
  );
  for (const [i, c] of CHATS.entries()) {
    const conversation = await service
      .from('conversations')
      .insert({
        user_id: ownerId,
        agent_id: agents[c.agent],
        channel: c.channel,
        visitor_id: c.channel === 'whatsapp' ? `+3362000000${i}` : `visitor:analytics${stamp}${i}`,
        started_at: at(c.ago),
        last_message_at: at(c.ago),
      })
      .select('id')
      .single();
    if (conversation.error) throw conversation.error;
    check(
      'messages',
      (
        await service.from('messages').insert(
          Array.from({ length: c.turns }, (_, n) => ({
            conversation_id: conversation.data.id,
            user_id: ownerId,
            agent_id: agents[c.agent],
            role: n % 2 === 0 ? 'user' : 'assistant',
            content: n % 2 === 0 ? 'Do you deliver?' : 'Yes, within the city.',
            metadata: { channel: c.channel === 'web_chat' ? 'web' : 'whatsapp' },
            timestamp: new Date(now - c.ago + n * 1_000).toISOString(),
          })),
        )
      ).error,
    );
  }
}, 60_000);

afterAll(async () => {
  for (const id of owners) await service?.auth.admin.deleteUser(id);
  await browser?.close();
});

async function signedIn(as = email, viewport = DESKTOP): Promise<AnalyticsPage> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: TZ, acceptDownloads: true });
  const analytics = new AnalyticsPage(await context.newPage(), product.consoleUrl, insightsEn);
  await analytics.signIn(as, password);
  return analytics;
}

describe('/analytics on seeded activity', () => {
  it('shows per channel and per day what the seed holds over 30 days, then over 90 days and for one agent', async () => {
    const analytics = await signedIn();
    await analytics.openFromSidebar(shellEn.nav.analytics);
    const month = expected(30);
    for (const channel of ['phone', 'web_voice'] as const) {
      expect(await analytics.channelValue(channel, 'calls'), channel).toBe(month[channel].calls);
      expect(await analytics.channelValue(channel, 'callMinutes'), channel).toBe(month[channel].callMinutes);
    }
    for (const channel of ['web_chat', 'whatsapp'] as const) {
      expect(await analytics.channelValue(channel, 'conversations'), channel).toBe(month[channel].conversations);
      expect(await analytics.channelValue(channel, 'messages'), channel).toBe(month[channel].messages);
    }
    // The per-day table: every day of the range, the chosen measure per channel.
    expect(await analytics.dayCount()).toBe(30);
    await analytics.chooseMetric('calls');
    const today = parisDay(Date.now() - 2 * HOUR);
    expect(await analytics.dayValue(today, 'phone')).toBe(month.phoneCallsOn(today));
    await screenshot(analytics.page, 'analytics-30d');

    await analytics.chooseRange('90d');
    const quarter = expected(90);
    await analytics.waitForChannelValue('web_chat', 'messages', quarter.web_chat.messages);
    expect(await analytics.channelValue('web_chat', 'conversations')).toBe(quarter.web_chat.conversations);
    expect(await analytics.dayCount()).toBe(90);

    await analytics.filterAgent(AGENT_NAMES.b);
    const bruno = expected(90, 'b');
    await analytics.waitForChannelValue('web_chat', 'messages', bruno.web_chat.messages);
    expect(await analytics.channelValue('phone', 'calls')).toBe(bruno.phone.calls);
    expect(await analytics.channelValue('web_voice', 'calls')).toBe(bruno.web_voice.calls);
    expect(await analytics.channelValue('whatsapp', 'conversations')).toBe(bruno.whatsapp.conversations);
    await analytics.page.context().close();
  });

  it('exports the series as CSV and JSON that parse and match the seed', async () => {
    const analytics = await signedIn();
    await analytics.open();
    const download = await analytics.exportSeries('CSV');
    expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile(await download.path(), 'utf8'), { columns: true }) as Record<string, string>[];
    const sum = (channel: string, column: string) =>
      rows.filter((r) => r.channel === channel).reduce((a, r) => a + Number(r[column]), 0);
    const month = expected(30);
    expect(String(sum('phone', 'calls'))).toBe(month.phone.calls);
    expect(sum('phone', 'call_seconds')).toBe(
      PHONE.filter((c) => c.status === 'completed').reduce((a, c) => a + c.seconds, 0),
    );
    expect(String(sum('web_chat', 'messages'))).toBe(month.web_chat.messages);
    expect(String(sum('whatsapp', 'conversations'))).toBe(month.whatsapp.conversations);
    expect(new Set(rows.map((r) => r.agent_name))).toEqual(new Set([AGENT_NAMES.a, AGENT_NAMES.b]));

    const json = await analytics.exportSeries('JSON');
    expect(json.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as {
      from: string;
      to: string;
      series: { day: string; channel: string; agent_name: string; calls: number; messages: number }[];
    };
    expect(exported.to).toBe(parisDay(Date.now()));
    // The same rows as the CSV, numbers as numbers.
    expect(exported.series).toHaveLength(rows.length);
    const total = (channel: string, key: 'calls' | 'messages') =>
      exported.series.filter((r) => r.channel === channel).reduce((a, r) => a + r[key], 0);
    expect(String(total('phone', 'calls'))).toBe(month.phone.calls);
    expect(String(total('web_chat', 'messages'))).toBe(month.web_chat.messages);
    expect(new Set(exported.series.map((r) => r.agent_name))).toEqual(new Set([AGENT_NAMES.a, AGENT_NAMES.b]));
    await analytics.page.context().close();
  });

  it('fits a 768 px window and is usable with the keyboard', async () => {
    const analytics = await signedIn(email, { width: 768, height: 1024 });
    await analytics.open();
    expect(await analytics.overflowsHorizontally()).toBe(false);
    // The measure buttons and the tables' scroll regions are reachable with Tab.
    const metric = analytics.page
      .getByRole('group', { name: insightsEn.analytics.metric })
      .getByRole('button', { name: insightsEn.metrics.messages, exact: true });
    await metric.focus();
    await analytics.page.keyboard.press('Enter');
    await analytics.page.waitForFunction(
      (el) => el?.getAttribute('aria-pressed') === 'true',
      await metric.elementHandle(),
    );
    await screenshot(analytics.page, 'analytics-768');
    await analytics.page.context().close();
  });

  it('another owner sees none of it', async () => {
    const analytics = await signedIn(otherEmail);
    await analytics.goto('/analytics');
    await analytics.page.getByText(insightsEn.analytics.emptyTitle).waitFor();
    await analytics.page.context().close();
  });
});
