import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Database } from '../../supabase/types/database.ts';
import { formatPhone } from '../../supabase/functions/_shared/contracts/phone-format.ts';
import { historyEn } from '../../renderer/src/features/history/locales/en.ts';
import { insightsEn } from '../../renderer/src/features/insights/locales/en.ts';
import { CallHistoryPage, ContactsPage, InboxPage } from './pages/HistoryPages.ts';
import { InsightsPage } from './pages/InsightsPages.ts';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Figures an owner can recount, seen in the console: one agent gets a known day (the owner's own
 * sandbox chat and sandbox phone call, two visitors' web chats, an answered, an unanswered and a
 * busy phone call, a WhatsApp thread with a voice note and a line the owner typed), written the way
 * the server writes it. The owner then reads the dashboard, the calls, the contacts and the inbox,
 * and every figure matches the count made here by hand.
 */
const product = inject('product');
const HOUR = 3_600_000;
const email = `recount-${Date.now().toString(36)}@example.com`;
const password = 'recount-owner-pass';

let browser: Browser;
let service: SupabaseClient<Database>;
let ownerId = '';
let agentId = '';
let whatsappConversation = '';

const ANSWERED = '+33611111111';
const MISSED = '+33622222222';
const BUSY = '+33633333333';
const WHATSAPP = '+33644444444';
const calendar = { name: 'Calendar', function: 'manage_calendar', status: 'ok', step: 1 };

interface Line {
  role: 'user' | 'assistant';
  content: string;
  metadata?: Record<string, unknown>;
  tools?: (typeof calendar)[];
}

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

async function conversation(
  channel: 'web_chat' | 'phone' | 'whatsapp' | 'sandbox',
  visitor: string,
  lineChannel: string,
  startedAt: Date,
  lines: Line[],
): Promise<string> {
  const id = randomUUID();
  const created = await service.from('conversations').insert({
    id,
    user_id: ownerId,
    agent_id: agentId,
    channel,
    visitor_id: visitor,
    started_at: startedAt.toISOString(),
    last_message_at: new Date(startedAt.getTime() + lines.length * 60_000).toISOString(),
  });
  if (created.error) throw created.error;
  if (lines.length === 0) return id;
  const written = await service.from('messages').insert(
    lines.map((line, i) => ({
      conversation_id: id,
      user_id: ownerId,
      agent_id: agentId,
      role: line.role,
      content: line.content,
      tool_calls: line.tools ?? null,
      metadata: { channel: lineChannel, ...line.metadata },
      timestamp: new Date(startedAt.getTime() + (i + 1) * 60_000).toISOString(),
    })),
  );
  if (written.error) throw written.error;
  return id;
}

/** A phone call as the call lifecycle writes it: opened with its conversation, then ended and billed. */
async function phoneCall(
  from: string,
  at: Date,
  end: 'completed' | 'no-answer' | 'busy',
  source: 'twilio' | 'sandbox',
  lines: Line[],
): Promise<void> {
  const conversationId = await conversation(source === 'sandbox' ? 'sandbox' : 'phone', from, 'phone', at, lines);
  const call = await service
    .from('calls')
    .insert({
      user_id: ownerId,
      assigned_agent: agentId,
      from_number: from,
      to_number: '+33100000000',
      status: 'in_progress',
      source,
      duration: 0,
      timestamp: at.toISOString(),
      conversation_id: conversationId,
    })
    .select('id')
    .single();
  if (call.error) throw call.error;
  const ended = await service
    .from('calls')
    .update({ status: end, duration: end === 'completed' ? 90 : 0, settled_at: new Date().toISOString() })
    .eq('id', call.data.id);
  if (ended.error) throw ended.error;
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
    .insert({ user_id: ownerId, name: 'Recount bistrot', subdomain: `recount-${Date.now().toString(36)}` })
    .select('id')
    .single();
  if (agent.error) throw agent.error;
  agentId = agent.data.id;

  // The owner's own tests.
  await conversation('sandbox', `user:${ownerId}`, 'sandbox', ago(5), [
    { role: 'user', content: 'Are you open on Sunday?' },
    { role: 'assistant', content: 'Closed on Sunday.', tools: [calendar] },
  ]);
  await phoneCall('+33100000009', ago(4), 'completed', 'sandbox', [
    { role: 'assistant', content: 'Bonjour, Bistrot.', metadata: { welcome: true } },
    { role: 'user', content: 'Do you deliver on Sunday?' },
    { role: 'assistant', content: 'No.', tools: [calendar] },
  ]);
  // Two visitors on the web page; the first leaves a phone number and an email address.
  await conversation('web_chat', 'visitor:recount-one', 'web', ago(3), [
    { role: 'user', content: 'Are you open on Sunday?' },
    { role: 'assistant', content: 'Closed on Sunday.', tools: [calendar] },
    { role: 'user', content: 'merci beaucoup' },
    { role: 'assistant', content: 'You are welcome.' },
    { role: 'user', content: 'My number is +33 6 12 34 56 78' },
    { role: 'user', content: 'or write to lea@example.com' },
    { role: 'assistant', content: 'Noted.' },
  ]);
  await conversation('web_chat', 'visitor:recount-two', 'web', ago(2), [
    { role: 'user', content: 'are you open on sunday' },
    { role: 'assistant', content: 'Closed on Sunday.' },
    { role: 'user', content: 'Bonjour' },
  ]);
  // Phone: one answered, one unanswered, one busy.
  await phoneCall(ANSWERED, ago(6), 'completed', 'twilio', [
    { role: 'assistant', content: 'Bonjour, Bistrot.', metadata: { welcome: true } },
    { role: 'user', content: 'Can I book a table?' },
    { role: 'assistant', content: 'Yes, for how many?' },
  ]);
  await phoneCall(MISSED, ago(7), 'no-answer', 'twilio', [
    { role: 'assistant', content: 'Bonjour, Bistrot.', metadata: { welcome: true } },
  ]);
  await phoneCall(BUSY, ago(8), 'busy', 'twilio', []);
  // WhatsApp: a text, a voice note (its transcript), the agent's replies and the owner's own line.
  whatsappConversation = await conversation('whatsapp', WHATSAPP, 'whatsapp', ago(1), [
    { role: 'user', content: 'Is there parking?' },
    { role: 'assistant', content: 'Yes, behind.' },
    { role: 'user', content: 'Do you have vegan dishes?', metadata: { voiceNote: true } },
    { role: 'assistant', content: 'Two of them.', metadata: { voiceNote: true } },
    { role: 'assistant', content: 'The owner here: see you tonight.', metadata: { sentByOwner: true } },
  ]);
}, 60_000);

afterAll(async () => {
  if (ownerId) await service?.auth.admin.deleteUser(ownerId);
  await browser?.close();
});

/** What the owner counts by hand in the day above. */
const counted = {
  // visitor one, visitor two, the answered call, the WhatsApp thread (tests and unanswered calls are not conversations)
  conversations: 4,
  // the answered phone call only
  calls: 1,
  // web 7 + 3 lines; WhatsApp: the text, the voice note, two replies and the owner's line
  messages: 15,
  // visitor one, visitor two, the caller, the WhatsApp number
  uniqueUsers: 4,
  topQuestions: new Map([
    ['are you open on sunday', 'asked 2 times'],
    ['can i book a table', 'asked once'],
    ['do you have vegan dishes', 'asked once'],
    ['is there parking', 'asked once'],
  ]),
};

async function signedIn() {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US', timezoneId: 'Europe/Paris' });
  const insights = new InsightsPage(await context.newPage(), product.consoleUrl);
  await insights.signIn(email, password);
  return insights;
}

describe('figures an owner can recount', () => {
  it('the dashboard counts what happened: no sandbox test, no unanswered call, no thanks or phone number in Top questions', async () => {
    const insights = await signedIn();
    await insights.openMain();
    await insights.choosePeriod(insightsEn.periods['24h']);
    await expect.poll(() => insights.cardValue('dashboard-messages')).toBe(String(counted.messages));
    expect(await insights.cardValue('dashboard-calls')).toBe(String(counted.calls));
    expect(await insights.cardValue('dashboard-conversations')).toBe(String(counted.conversations));
    expect(await insights.text('dashboard-peak')).toContain(`Unique users: ${counted.uniqueUsers}`);
    expect(await insights.topQuestions()).toEqual(counted.topQuestions);
    expect(await insights.toolUsage()).toEqual(new Map([['Calendar', '1 run']]));
    await screenshot(insights.page, 'recount-dashboard');

    await insights.openAgent(agentId);
    expect(await insights.cardValue('agent-calls')).toBe(String(counted.calls));
    expect(await insights.cardValue('agent-messages')).toBe(String(counted.messages));
    expect(await insights.text('agent-unique-users')).toBe(String(counted.uniqueUsers));
    await insights.page.context().close();
  });

  it('the unanswered and the busy call are in the calls list, not in the contacts or the inbox', async () => {
    const insights = await signedIn();
    const calls = new CallHistoryPage(insights.page, product.consoleUrl, historyEn);
    await calls.open('/calls');
    for (const [number, status] of [
      [ANSWERED, historyEn.calls.status.completed],
      [MISSED, historyEn.calls.status['no-answer']],
      [BUSY, historyEn.calls.status.busy],
    ] as const) {
      await expect.poll(() => calls.statusOf(formatPhone(number))).toBe(status);
    }
    await screenshot(insights.page, 'recount-calls');

    const contacts = new ContactsPage(insights.page, product.consoleUrl, historyEn);
    await contacts.open();
    // The answered caller, the number visitor one wrote in the chat and the WhatsApp number.
    await expect.poll(() => contacts.cards().count()).toBe(3);
    const shown = (await contacts.cards().allTextContents()).join(' ');
    expect(shown).not.toContain(formatPhone(MISSED));
    expect(shown).not.toContain(formatPhone(BUSY));

    const inbox = new InboxPage(insights.page, product.consoleUrl, historyEn);
    await inbox.open();
    await expect.poll(() => inbox.items().count()).toBe(counted.conversations);
    // numbers are written one way on screen, as on the calls and the contacts
    expect((await inbox.items().allTextContents()).join(' ')).toContain(formatPhone(WHATSAPP));
    await insights.page.context().close();
  });

  it('the WhatsApp thread shows the voice note, the replies and the owner’s line, labelled as the owner', async () => {
    const insights = await signedIn();
    const inbox = new InboxPage(insights.page, product.consoleUrl, historyEn);
    await inbox.goto(`/conversations/${whatsappConversation}`);
    for (const line of ['Is there parking?', 'Do you have vegan dishes?', 'Two of them.']) {
      await inbox.transcriptText(line).waitFor();
    }
    const ownerLine = insights.page
      .getByRole('list', { name: historyEn.calls.transcript })
      .getByRole('listitem')
      .filter({ hasText: 'The owner here: see you tonight.' });
    await expect.poll(() => ownerLine.textContent()).toContain(historyEn.roles.owner);
    await insights.page.getByText(`Contact: ${formatPhone(WHATSAPP)}`, { exact: true }).waitFor();
    await screenshot(insights.page, 'recount-whatsapp-thread');
    await insights.page.context().close();
  });
});
