import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { insightsEn } from '../../renderer/src/features/insights/locales/en.ts';
import { dashboardMinutes, peakHourLabel } from '../../supabase/functions/_shared/contracts/insights.ts';
import { InsightsPage } from './pages/InsightsPages.ts';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * On seeded activity (phone calls, browser voice calls, web chats, WhatsApp)
 * /dashboard and /agents/{id}/dashboard show the figures this test computes from its own seed,
 * and a visitor's rating from the public chat moves the satisfaction shown.
 */
const product = inject('product');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let browser: Browser;
let service: SupabaseClient<Database>;
let ownerId = '';
let agentId = '';
const email = `insights-${Date.now().toString(36)}@example.com`;
const password = 'insights-owner-pass';
const visitorKey = `v${randomUUID().replace(/-/g, '')}`;
const ratedConversation = randomUUID();

interface SeedCall {
  agent: 'mine' | null;
  ago: number;
  status: 'completed' | 'failed';
  seconds: number;
  from: string;
}
/** Phone calls; a call to a number without an agent counts on the main dashboard only. */
const CALLS: SeedCall[] = [
  { agent: 'mine', ago: 2 * HOUR, status: 'completed', seconds: 30, from: '+33611223344' },
  { agent: 'mine', ago: 5 * HOUR, status: 'completed', seconds: 90, from: '+33622334455' },
  { agent: 'mine', ago: 3 * HOUR, status: 'failed', seconds: 0, from: '+33633445566' },
  { agent: 'mine', ago: 2 * DAY, status: 'completed', seconds: 200, from: '+33611223344' },
  { agent: null, ago: 1 * DAY, status: 'completed', seconds: 120, from: '+14155550100' },
  { agent: 'mine', ago: 10 * DAY, status: 'completed', seconds: 60, from: '+33644556677' },
];
/** Browser voice calls. */
const VOICE: { ago: number; seconds: number }[] = [
  { ago: 4 * HOUR, seconds: 45 },
  { ago: 2 * DAY, seconds: 75 },
];
interface SeedTurn {
  /** The visitor's question, and the question it must be grouped under (the test's own reading). */
  ask: string;
  key: string;
  /** Tools the assistant's reply ran. */
  tools?: { function: string; name: string }[];
}
const CALENDAR = { function: 'manage_calendar', name: 'Calendar' };
const EMAIL = { function: 'send_email', name: 'Email' };
/** Conversations: each turn is the visitor's message and the assistant's reply. */
const CONVERSATIONS: {
  id: string;
  channel: 'web_chat' | 'whatsapp';
  visitor: string;
  ago: number;
  turns: SeedTurn[];
}[] = [
  {
    id: ratedConversation,
    channel: 'web_chat',
    visitor: `visitor:${visitorKey}`,
    ago: 6 * HOUR,
    turns: [
      { ask: 'Opening hours?', key: 'opening hours' },
      { ask: 'Can I book a table for Friday?', key: 'can i book a table for friday', tools: [CALENDAR] },
    ],
  },
  // The first caller writes on WhatsApp too: one person across channels.
  {
    id: randomUUID(),
    channel: 'whatsapp',
    visitor: '+33611223344',
    ago: 1 * DAY,
    turns: [{ ask: 'opening  hours', key: 'opening hours' }],
  },
  {
    id: randomUUID(),
    channel: 'web_chat',
    visitor: 'visitor:someoneelse0001',
    ago: 12 * DAY,
    turns: [{ ask: 'Do you deliver?', key: 'do you deliver', tools: [CALENDAR] }],
  },
  // The second caller as well.
  {
    id: randomUUID(),
    channel: 'whatsapp',
    visitor: '+33622334455',
    ago: 3 * HOUR,
    turns: [
      { ask: 'Do you deliver ?', key: 'do you deliver' },
      { ask: 'Book me for 8pm', key: 'book me for 8pm', tools: [CALENDAR, EMAIL] },
    ],
  },
  {
    id: randomUUID(),
    channel: 'web_chat',
    visitor: 'visitor:third-visitor',
    ago: 26 * HOUR,
    turns: [{ ask: 'OPENING HOURS!!', key: 'opening hours' }],
  },
];

/** Seeded instants are fixed once, so the test and the database read the same times. */
const NOW = Date.now();
const messageAt = (c: { ago: number }, index: number) => NOW - c.ago + index * 60_000;
const digits = (phone: string) => phone.replace(/[^0-9]/g, '');

function expected(days: number, onlyMine: boolean) {
  const inPeriod = (ago: number) => ago < days * DAY;
  const calls = CALLS.filter((c) => c.status === 'completed' && inPeriod(c.ago) && (!onlyMine || c.agent === 'mine'));
  const voice = VOICE.filter((v) => inPeriod(v.ago));
  const conversations = CONVERSATIONS.filter((c) => inPeriod(c.ago));
  const seconds = [...calls, ...voice].reduce((n, c) => n + c.seconds, 0);
  // One person per number (a caller who also writes on WhatsApp once), per web visitor, and per
  // browser voice call (they leave no number).
  const people = new Set([
    ...calls.map((c) => `tel:${digits(c.from)}`),
    ...voice.map((_, i) => `voice:${i}`),
    ...conversations.map((c) => (c.channel === 'whatsapp' ? `tel:${digits(c.visitor)}` : c.visitor)),
  ]);
  // The busiest hour of the owner's day (Paris) by calls and visitors' messages; the earlier on a tie.
  const perHour = new Map<number, number>();
  const count = (at: number) => {
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Paris' }).format(at),
    );
    perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
  };
  for (const c of [...calls, ...voice]) count(NOW - c.ago);
  for (const c of conversations) c.turns.forEach((_, i) => count(messageAt(c, 2 * i)));
  const peak = [...perHour].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const tools = new Map<string, number>();
  const questions = new Map<string, number>();
  for (const turn of conversations.flatMap((c) => c.turns)) {
    questions.set(turn.key, (questions.get(turn.key) ?? 0) + 1);
    for (const tool of turn.tools ?? []) tools.set(tool.name, (tools.get(tool.name) ?? 0) + 1);
  }
  return {
    calls: calls.length + voice.length,
    messages: conversations.reduce((n, c) => n + 2 * c.turns.length, 0),
    conversations: conversations.length,
    minutes: dashboardMinutes(seconds),
    averageMinutes: dashboardMinutes(seconds / (calls.length + voice.length), { lessThanOne: true }),
    uniqueUsers: people.size,
    peak: peakHourLabel(peak)!,
    tools,
    questions,
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await service.from('profiles').update({ lang: 'en' }).eq('id', ownerId);
  const agent = await service
    .from('agents')
    .insert({ user_id: ownerId, name: 'Insights agent', subdomain: `insights-${Date.now().toString(36)}` })
    .select('id')
    .single();
  if (agent.error) throw agent.error;
  agentId = agent.data.id;
  const at = (ago: number) => new Date(NOW - ago).toISOString();
  const calls = await service.from('calls').insert(
    CALLS.map((c) => ({
      user_id: ownerId,
      assigned_agent: c.agent ? agentId : null,
      from_number: c.from,
      to_number: '+33100000000',
      status: c.status,
      duration: c.seconds,
      timestamp: at(c.ago),
      // Billed, as every finished call is: an open one would be re-timed by the product's sweeper.
      settled_at: at(c.ago),
    })),
  );
  if (calls.error) throw calls.error;
  const voice = await service.from('calls').insert(
    VOICE.map((v) => ({
      kind: 'browser_voice',
      source: 'visitor',
      user_id: ownerId,
      assigned_agent: agentId,
      status: 'completed',
      duration: v.seconds,
      timestamp: at(v.ago),
      settled_at: at(v.ago),
    })),
  );
  if (voice.error) throw voice.error;
  for (const c of CONVERSATIONS) {
    const conversation = await service.from('conversations').insert({
      id: c.id,
      user_id: ownerId,
      agent_id: agentId,
      channel: c.channel,
      visitor_id: c.visitor,
      started_at: at(c.ago),
      last_message_at: at(c.ago),
    });
    if (conversation.error) throw conversation.error;
    const channel = c.channel === 'web_chat' ? 'web' : 'whatsapp';
    const messages = await service.from('messages').insert(
      c.turns.flatMap((turn, i) => [
        {
          conversation_id: c.id,
          user_id: ownerId,
          agent_id: agentId,
          role: 'user',
          content: turn.ask,
          metadata: { channel },
          timestamp: new Date(messageAt(c, 2 * i)).toISOString(),
        },
        {
          conversation_id: c.id,
          user_id: ownerId,
          agent_id: agentId,
          role: 'assistant',
          content: 'Here is what I found.',
          metadata: { channel },
          tool_calls: turn.tools?.map((tool, step) => ({ ...tool, status: 'ok', step: step + 1 })) ?? null,
          timestamp: new Date(messageAt(c, 2 * i + 1)).toISOString(),
        },
      ]),
    );
    if (messages.error) throw messages.error;
  }
}, 60_000);

afterAll(async () => {
  if (ownerId) await service?.auth.admin.deleteUser(ownerId);
  await browser?.close();
});

async function signedInPage(): Promise<InsightsPage> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const insights = new InsightsPage(await context.newPage(), product.consoleUrl);
  await insights.signIn(email, password);
  return insights;
}

describe('dashboards on seeded activity', () => {
  it('/dashboard shows the 7-day and 30-day figures computed from the seed, across agents', async () => {
    const insights = await signedInPage();
    await insights.openMain();
    const week = expected(7, false);
    expect(await insights.cardValue('dashboard-calls')).toBe(String(week.calls));
    expect(await insights.cardValue('dashboard-messages')).toBe(String(week.messages));
    expect(await insights.cardValue('dashboard-conversations')).toBe(String(week.conversations));
    expect(await insights.cardValue('dashboard-satisfaction')).toBe(insightsEn.notAvailable);
    expect(await insights.cardValue('dashboard-duration')).toBe(`${week.minutes} min`);
    expect(await insights.text('dashboard-duration')).toContain(`average ${week.averageMinutes} min`);
    expect(await insights.cardValue('dashboard-peak')).toBe(week.peak);
    expect(await insights.text('dashboard-peak')).toContain(`Unique users: ${week.uniqueUsers}`);
    expect(await insights.toolUsage()).toEqual(
      new Map([...week.tools].map(([name, runs]) => [name, runs === 1 ? '1 run' : `${runs} runs`])),
    );
    expect(await insights.topQuestions()).toEqual(
      new Map([...week.questions].map(([q, n]) => [q, n === 1 ? 'asked once' : `asked ${n} times`])),
    );
    // The grouping the seed expects: three spellings of one question.
    expect(week.questions.get('opening hours')).toBe(3);
    await screenshot(insights.page, 'dashboard-main-7d');
    await insights.choosePeriod(insightsEn.periods['30d']);
    const month = expected(30, false);
    await insights.page.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === want,
      ['dashboard-calls-value', String(month.calls)] as const,
    );
    expect(await insights.cardValue('dashboard-messages')).toBe(String(month.messages));
    expect(await insights.cardValue('dashboard-conversations')).toBe(String(month.conversations));
    expect(await insights.text('dashboard-peak')).toContain(`Unique users: ${month.uniqueUsers}`);
    expect((await insights.toolUsage()).get('Calendar')).toBe(`${month.tools.get('Calendar')} runs`);
    await insights.page.context().close();
  });

  it('/agents/{id}/dashboard shows only that agent’s figures', async () => {
    const insights = await signedInPage();
    await insights.openAgent(agentId);
    const week = expected(7, true);
    expect(await insights.cardValue('agent-calls')).toBe(String(week.calls));
    expect(await insights.cardValue('agent-messages')).toBe(String(week.messages));
    expect(await insights.cardValue('agent-duration')).toBe(`${week.minutes} min`);
    expect(await insights.text('agent-unique-users')).toBe(String(week.uniqueUsers));
    expect(await insights.text('agent-peak')).toBe(week.peak);
    await screenshot(insights.page, 'dashboard-agent-7d');
    await insights.page.context().close();
  });

  it('a visitor’s rating (the public chat’s POST agent-chat/rating) changes the satisfaction shown', async () => {
    const response = await fetch(`${product.apiUrl}/functions/v1/agent-chat/rating`, {
      method: 'POST',
      headers: {
        apikey: product.anonKey,
        authorization: `Bearer ${product.anonKey}`,
        'content-type': 'application/json',
        'x-visitor-key': visitorKey,
      },
      body: JSON.stringify({ conversationId: ratedConversation, rating: 4 }),
    });
    expect(response.status).toBe(200);
    const insights = await signedInPage();
    await insights.openMain();
    // One rating of 4 out of 5: (4 - 1) / 4 = 75 %.
    expect(await insights.cardValue('dashboard-satisfaction')).toBe('75%');
    expect(await insights.ratingDistribution()).toEqual(
      new Map([
        ['1 star', '0'],
        ['2 stars', '0'],
        ['3 stars', '0'],
        ['4 stars', '1'],
        ['5 stars', '0'],
      ]),
    );
    await insights.openAgent(agentId);
    expect(await insights.cardValue('agent-satisfaction')).toBe('75%');
    await insights.page.context().close();
  });

  it('both dashboards fit a 768 px window without scrolling sideways', async () => {
    const context = await browser.newContext({
      viewport: { width: 768, height: 1024 },
      locale: 'en-US',
      timezoneId: 'Europe/Paris',
    });
    const insights = new InsightsPage(await context.newPage(), product.consoleUrl);
    await insights.signIn(email, password);
    await insights.openMain();
    await insights.page.getByTestId('dashboard-questions').waitFor();
    expect(await insights.overflowsHorizontally()).toBe(false);
    await screenshot(insights.page, 'dashboard-main-768');
    await insights.openAgent(agentId);
    await insights.page.getByTestId('agent-stats-panel').waitFor();
    expect(await insights.overflowsHorizontally()).toBe(false);
    await screenshot(insights.page, 'dashboard-agent-768');
    await context.close();
  });
});
