import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { insightsEn } from '../../renderer/src/features/insights/locales/en.ts';
import { InsightsPage } from './pages/InsightsPages.ts';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Issue 18 acceptance: on seeded activity (phone calls, browser voice calls, web chats, WhatsApp)
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
/** Conversations with their text turns (user, assistant, …). */
const CONVERSATIONS: { id: string; channel: 'web_chat' | 'whatsapp'; visitor: string; ago: number; turns: number }[] = [
  { id: ratedConversation, channel: 'web_chat', visitor: `visitor:${visitorKey}`, ago: 6 * HOUR, turns: 4 },
  { id: randomUUID(), channel: 'whatsapp', visitor: '+33611223344', ago: 1 * DAY, turns: 2 },
  { id: randomUUID(), channel: 'web_chat', visitor: 'visitor:someoneelse0001', ago: 12 * DAY, turns: 2 },
];

function expected(days: number, onlyMine: boolean) {
  const inPeriod = (ago: number) => ago < days * DAY;
  const calls = CALLS.filter((c) => c.status === 'completed' && inPeriod(c.ago) && (!onlyMine || c.agent === 'mine'));
  const voice = VOICE.filter((v) => inPeriod(v.ago));
  const conversations = CONVERSATIONS.filter((c) => inPeriod(c.ago));
  return {
    calls: calls.length + voice.length,
    messages: conversations.reduce((n, c) => n + c.turns, 0),
    conversations: conversations.length,
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
  const now = Date.now();
  const at = (ago: number) => new Date(now - ago).toISOString();
  const calls = await service.from('calls').insert(
    CALLS.map((c) => ({
      user_id: ownerId,
      assigned_agent: c.agent ? agentId : null,
      from_number: c.from,
      to_number: '+33100000000',
      status: c.status,
      duration: c.seconds,
      timestamp: at(c.ago),
    })),
  );
  if (calls.error) throw calls.error;
  const voice = await service.from('voice_calls').insert(
    VOICE.map((v) => ({
      user_id: ownerId,
      agent_id: agentId,
      status: 'completed',
      duration: v.seconds,
      created_at: at(v.ago),
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
    const messages = await service.from('messages').insert(
      Array.from({ length: c.turns }, (_, i) => ({
        conversation_id: c.id,
        user_id: ownerId,
        agent_id: agentId,
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: i % 2 === 0 ? 'Opening hours?' : 'We open at nine.',
        metadata: { channel: c.channel === 'web_chat' ? 'web' : 'whatsapp' },
        timestamp: new Date(now - c.ago + i * 60_000).toISOString(),
      })),
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
    await screenshot(insights.page, 'dashboard-main-7d');
    await insights.choosePeriod(insightsEn.periods['30d']);
    const month = expected(30, false);
    await insights.page.waitForFunction(
      ([id, want]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === want,
      ['dashboard-calls-value', String(month.calls)] as const,
    );
    expect(await insights.cardValue('dashboard-messages')).toBe(String(month.messages));
    expect(await insights.cardValue('dashboard-conversations')).toBe(String(month.conversations));
    await insights.page.context().close();
  });

  it('/agents/{id}/dashboard shows only that agent’s figures', async () => {
    const insights = await signedInPage();
    await insights.openAgent(agentId);
    const week = expected(7, true);
    expect(await insights.cardValue('agent-calls')).toBe(String(week.calls));
    expect(await insights.cardValue('agent-messages')).toBe(String(week.messages));
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
    await insights.openAgent(agentId);
    expect(await insights.cardValue('agent-satisfaction')).toBe('75%');
    await insights.page.context().close();
  });
});
