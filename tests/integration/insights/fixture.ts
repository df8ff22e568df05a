/**
 * A small, deliberate history for the insights tests (integration and e2e): web chats, WhatsApp,
 * browser voice and phone calls of two agents around the windows' edges (first/second half of
 * 24h and 7d, last 30 days, the previous calendar month, older), plus what must never count
 * (failed calls, unfinished voice calls, sandbox turns). `expectedInsights` computes the numbers
 * from the seed in TypeScript, from the definitions in the migration's header, never from SQL.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';

export const TIME_ZONE = 'Europe/Paris';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Channel = 'web_chat' | 'web_voice' | 'phone' | 'whatsapp' | 'sandbox';
type LineChannel = 'web' | 'whatsapp' | 'voice' | 'phone' | 'sandbox';

interface Line {
  role: 'user' | 'assistant';
  content: string;
  at: Date;
  tools?: { name: string; function: string; status: string; step: number }[];
}
export interface SeedConversation {
  id: string;
  agent: string;
  channel: Channel;
  visitor: string | null;
  startedAt: Date;
  rating: number | null;
  lines: Line[];
}
export interface SeedCall {
  agent: string;
  at: Date;
  status: 'completed' | 'failed';
  seconds: number;
  from: string;
}
export interface SeedVoiceCall {
  agent: string;
  at: Date;
  status: 'completed' | 'recording';
  seconds: number;
  conversation: string | null;
}
export interface InsightsSeed {
  owner: string;
  conversations: SeedConversation[];
  calls: SeedCall[];
  voiceCalls: SeedVoiceCall[];
}

/** Parts of an instant on the wall clock of `tz`. */
export function zoned(at: Date, tz: string): { y: number; m: number; d: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), hour: get('hour') };
}

export function zonedDate(at: Date, tz: string): string {
  const { y, m, d } = zoned(at, tz);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The instant of midnight starting `y-m-d` (month may be 0 or 13: Date.UTC normalises) in `tz`. */
export function zonedMidnight(y: number, m: number, d: number, tz: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  const offsetAt = (t: number) => {
    const z = zoned(new Date(t), tz);
    const minutes = new Date(t).getUTCMinutes();
    return Date.UTC(z.y, z.m - 1, z.d, z.hour, minutes) - t;
  };
  let at = guess - offsetAt(guess);
  at = guess - offsetAt(at);
  return new Date(at);
}

export function buildInsightsSeed(owner: string, agents: { a1: string; a2: string }, now: Date): InsightsSeed {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const z = zoned(now, TIME_ZONE);
  // Mid previous calendar month, at noon: in the 30d trend's previous window only (unless today is early in the month).
  const previousMonth = (day: number) => new Date(zonedMidnight(z.y, z.m - 1, day, TIME_ZONE).getTime() + 12 * HOUR);
  const { a1, a2 } = agents;
  const minute = 60_000;
  const conv = (
    agent: string,
    channel: Channel,
    visitor: string | null,
    startedAt: Date,
    rating: number | null,
    lines: [Line['role'], string, Line['tools']?][],
  ): SeedConversation => ({
    id: randomUUID(),
    agent,
    channel,
    visitor,
    startedAt,
    rating,
    lines: lines.map(([role, content, tools], i) => ({
      role,
      content,
      at: new Date(startedAt.getTime() + i * minute),
      ...(tools ? { tools } : {}),
    })),
  });
  const calendar = { name: 'Calendar', function: 'manage_calendar', status: 'ok', step: 1 };
  const orders = { name: 'Orders', function: 'lookup_order', status: 'error', step: 1 };
  const voiceOne = conv(a1, 'web_voice', 'visitor:voice-one', ago(6 * HOUR), null, [
    ['user', 'Opening hours'],
    ['assistant', 'We open at nine.'],
  ]);
  const voiceTwo = conv(a2, 'web_voice', null, ago(8 * DAY), null, [['user', 'Bonjour']]);
  const conversations = [
    conv(a1, 'web_chat', 'visitor:alice', ago(3 * HOUR), 5, [
      ['user', 'Opening hours?'],
      ['assistant', 'Nine to five.', [calendar]],
      ['user', 'opening   hours'],
      ['assistant', 'Still nine to five.'],
    ]),
    conv(a1, 'web_chat', 'visitor:bob', ago(30 * HOUR), 2, [
      ['user', 'What are your OPENING hours!'],
      ['assistant', 'Nine to five.'],
    ]),
    conv(a1, 'whatsapp', '+33611223344', ago(1 * HOUR), null, [
      ['user', 'Do you deliver?'],
      ['assistant', 'Let me check.', [calendar, orders]],
    ]),
    conv(a2, 'web_chat', 'visitor:carol', ago(12 * DAY), 4, [
      ['user', 'do you deliver'],
      ['assistant', 'Yes.'],
    ]),
    conv(a2, 'web_chat', 'visitor:dave', previousMonth(5), 1, [
      ['user', 'hello'],
      ['assistant', 'Hi.'],
    ]),
    conv(a1, 'sandbox', 'user:owner', ago(1 * HOUR), null, [
      ['user', 'Opening hours?'],
      ['assistant', 'Test.', [calendar]],
    ]),
    voiceOne,
    voiceTwo,
  ];
  return {
    owner,
    conversations,
    calls: [
      { agent: a1, at: ago(2 * HOUR), status: 'completed', seconds: 125, from: '+33611223344' },
      { agent: a1, at: ago(20 * HOUR), status: 'completed', seconds: 40, from: '+33 6 11 22 33 44' },
      { agent: a2, at: ago(3 * DAY), status: 'completed', seconds: 300, from: '+14155550100' },
      { agent: a1, at: ago(5 * HOUR), status: 'failed', seconds: 0, from: '+33699999999' },
      { agent: a1, at: ago(10 * DAY), status: 'completed', seconds: 60, from: '+33700000001' },
      { agent: a2, at: previousMonth(3), status: 'completed', seconds: 90, from: '+33700000002' },
      { agent: a1, at: ago(100 * DAY), status: 'completed', seconds: 30, from: '+33700000003' },
    ],
    voiceCalls: [
      { agent: a1, at: ago(6 * HOUR), status: 'completed', seconds: 50, conversation: voiceOne.id },
      { agent: a2, at: ago(8 * DAY), status: 'completed', seconds: 200, conversation: voiceTwo.id },
      { agent: a1, at: ago(4 * HOUR), status: 'recording', seconds: 0, conversation: null },
    ],
  };
}

const LINE_CHANNEL: Record<Channel, LineChannel> = {
  web_chat: 'web',
  whatsapp: 'whatsapp',
  web_voice: 'voice',
  phone: 'phone',
  sandbox: 'sandbox',
};

/** Writes the seed with the service role (the rows the server itself would write). */
export async function insertInsightsSeed(service: SupabaseClient, seed: InsightsSeed): Promise<void> {
  const check = (what: string, error: { message: string } | null) => {
    if (error) throw new Error(`seeding ${what}: ${error.message}`);
  };
  check(
    'conversations',
    (
      await service.from('conversations').insert(
        seed.conversations.map((c) => ({
          id: c.id,
          user_id: seed.owner,
          agent_id: c.agent,
          channel: c.channel,
          visitor_id: c.visitor,
          rating: c.rating,
          satisfaction: c.rating === null ? null : (c.rating - 1) / 4,
          started_at: c.startedAt.toISOString(),
          last_message_at: (c.lines.at(-1)?.at ?? c.startedAt).toISOString(),
        })),
      )
    ).error,
  );
  check(
    'messages',
    (
      await service.from('messages').insert(
        seed.conversations.flatMap((c) =>
          c.lines.map((line) => ({
            conversation_id: c.id,
            user_id: seed.owner,
            agent_id: c.agent,
            role: line.role,
            content: line.content,
            tool_calls: line.tools ?? null,
            metadata: { channel: LINE_CHANNEL[c.channel] },
            timestamp: line.at.toISOString(),
          })),
        ),
      )
    ).error,
  );
  check(
    'calls',
    (
      await service.from('calls').insert(
        seed.calls.map((c) => ({
          user_id: seed.owner,
          assigned_agent: c.agent,
          from_number: c.from,
          to_number: '+33100000000',
          status: c.status,
          duration: c.seconds,
          timestamp: c.at.toISOString(),
        })),
      )
    ).error,
  );
  check(
    'voice calls',
    (
      await service.from('calls').insert(
        seed.voiceCalls.map((v) => ({
          kind: 'browser_voice',
          source: 'visitor',
          user_id: seed.owner,
          assigned_agent: v.agent,
          conversation_id: v.conversation,
          status: v.status,
          duration: v.seconds,
          timestamp: v.at.toISOString(),
        })),
      )
    ).error,
  );
}

export type Period = '24h' | '7d' | '30d';

function trend(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) * 1000) / previous) / 10;
}

function personOf(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null;
  const bare = raw.replace(/^whatsapp:/i, '');
  return /^\+?\d[\d ().-]{3,30}$/.test(bare) ? `tel:${bare.replace(/\D/g, '')}` : raw;
}

function questionKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const COURTESY =
  /^((merci|thanks|thank you|thank u|thx|ok|okay|oki|d accord|dac|oui|non|yes|no|yep|nope|bonjour|bonsoir|hello|hi|hey|salut|coucou|au revoir|bye|goodbye|good bye|bonne journee|bonne journée|bonne soirée|bonne soiree|super|parfait|perfect|great|cool|top|genial|génial|nickel|tres bien|très bien|beaucoup|bien|much|a lot|so much|you|vous|à vous|a vous|encore|again)( |$))+$/;

/** Whether a visitor's line is a question for Top questions: no phone number, no email, not only courtesy. */
export function isVisitorQuestion(text: string): boolean {
  return (
    !/[^\s@]+@[^\s@]+\.[a-z]{2,}/i.test(text) &&
    !/[0-9]([ ().-]?[0-9]){5,}/.test(text) &&
    questionKey(text) !== '' &&
    !COURTESY.test(questionKey(text))
  );
}

/** The numbers the dashboards must show for this seed, computed here from the definitions. */
export function expectedInsights(seed: InsightsSeed, period: Period, now: Date, agent?: string, tz = TIME_ZONE) {
  const span = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY }[period];
  const start = new Date(now.getTime() - span);
  const z = zoned(now, tz);
  const [trendStart, prevStart, prevEnd] =
    period === '30d'
      ? [start, zonedMidnight(z.y, z.m - 1, 1, tz), zonedMidnight(z.y, z.m, 1, tz)]
      : [new Date(start.getTime() + span / 2), start, new Date(start.getTime() + span / 2)];
  const inWindow = (at: Date, from: Date, to: Date) => at >= from && at < to;
  const current = (at: Date) => inWindow(at, start, now);
  const mine = <T extends { agent: string }>(rows: T[]) => rows.filter((r) => agent === undefined || r.agent === agent);

  const conversations = mine(seed.conversations).filter((c) => c.channel !== 'sandbox');
  const calls = [
    ...mine(seed.calls)
      .filter((c) => c.status === 'completed')
      .map((c) => ({ kind: 'gsm', at: c.at, seconds: c.seconds, person: personOf(c.from) })),
    ...mine(seed.voiceCalls)
      .filter((v) => v.status === 'completed')
      .map((v) => {
        const visitor = seed.conversations.find((c) => c.id === v.conversation)?.visitor ?? null;
        return { kind: 'voice', at: v.at, seconds: v.seconds, person: personOf(visitor) ?? `voice:${v.at.getTime()}` };
      }),
  ];
  const textConversations = conversations.filter((c) => c.channel === 'web_chat' || c.channel === 'whatsapp');
  const textLines = textConversations.flatMap((c) => c.lines.map((l) => ({ ...l, channel: c.channel })));
  const count = <T extends { at: Date }>(rows: T[], from: Date, to: Date) =>
    rows.filter((r) => inWindow(r.at, from, to)).length;
  const days = [zonedDate(start, tz)];
  const last = zonedDate(now, tz);
  while (days.at(-1)! < last) {
    const next = new Date(`${days.at(-1)!}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    days.push(next.toISOString().slice(0, 10));
  }
  const byDay = (stamps: Date[]) =>
    days.map((date) => ({ date, count: stamps.filter((s) => current(s) && zonedDate(s, tz) === date).length }));

  const curCalls = calls.filter((c) => current(c.at));
  const curLines = textLines.filter((l) => current(l.at));
  const curConversations = conversations.filter((c) => current(c.startedAt));
  const activeTexters = textConversations.filter(
    (c) => (c.lines.at(-1)?.at ?? c.startedAt) >= start && c.startedAt < now,
  );
  const rated = curConversations.filter((c) => c.rating !== null);
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const score = (c: SeedConversation) => (c.rating! - 1) / 4;
  const ratedIn = (from: Date, to: Date) =>
    conversations.filter((c) => c.rating !== null && inWindow(c.startedAt, from, to));
  const pct = (x: number | null) => (x === null ? 0 : Math.round(x * 1000) / 10);
  const hours = new Map<number, number>();
  for (const at of [...curCalls.map((c) => c.at), ...curLines.filter((l) => l.role === 'user').map((l) => l.at)]) {
    const hour = zoned(at, tz).hour;
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }
  const peak = [...hours.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0];
  const seconds = curCalls.reduce((a, c) => a + c.seconds, 0);
  const questionLines = mine(seed.conversations)
    .filter((c) => c.channel !== 'sandbox')
    .flatMap((c) => c.lines)
    .filter((l) => l.role === 'user' && current(l.at) && isVisitorQuestion(l.content));
  const questions = new Map<string, number>();
  for (const l of questionLines)
    questions.set(questionKey(l.content), (questions.get(questionKey(l.content)) ?? 0) + 1);
  const tools = new Map<string, { tool: string; name: string; count: number; failed: number }>();
  for (const l of mine(seed.conversations)
    .filter((c) => c.channel !== 'sandbox')
    .flatMap((c) => c.lines)
    .filter((x) => current(x.at))) {
    for (const t of l.tools ?? []) {
      const entry = tools.get(t.function) ?? { tool: t.function, name: t.name, count: 0, failed: 0 };
      entry.count += 1;
      if (t.status !== 'ok') entry.failed += 1;
      tools.set(t.function, entry);
    }
  }
  const distribution: Record<string, number> = {};
  for (const c of rated) distribution[String(c.rating)] = (distribution[String(c.rating)] ?? 0) + 1;
  return {
    conversations: {
      total: curConversations.length,
      trend: trend(
        conversations.filter((c) => inWindow(c.startedAt, trendStart, now)).length,
        conversations.filter((c) => inWindow(c.startedAt, prevStart, prevEnd)).length,
      ),
      byDay: byDay(curConversations.map((c) => c.startedAt)),
    },
    calls: {
      total: curCalls.length,
      gsm: curCalls.filter((c) => c.kind === 'gsm').length,
      voice: curCalls.filter((c) => c.kind === 'voice').length,
      uniqueUsers: new Set(curCalls.map((c) => c.person)).size,
      totalDuration: seconds,
      averageDuration: curCalls.length ? Math.round((seconds / curCalls.length) * 10) / 10 : 0,
      trend: trend(count(calls, trendStart, now), count(calls, prevStart, prevEnd)),
      byDay: byDay(curCalls.map((c) => c.at)),
    },
    messages: {
      total: curLines.length,
      web: curLines.filter((l) => l.channel === 'web_chat').length,
      whatsapp: curLines.filter((l) => l.channel === 'whatsapp').length,
      uniqueUsers: new Set(activeTexters.map((c) => personOf(c.visitor))).size,
      trend: trend(count(textLines, trendStart, now), count(textLines, prevStart, prevEnd)),
      byDay: byDay(curLines.map((l) => l.at)),
    },
    uniqueUsers: new Set([...curCalls.map((c) => c.person), ...activeTexters.map((c) => personOf(c.visitor))]).size,
    satisfaction: {
      average: rated.length ? Math.round(avg(rated.map(score))! * 10_000) / 10_000 : null,
      ratings: rated.length,
      trend: trend(pct(avg(ratedIn(trendStart, now).map(score))), pct(avg(ratedIn(prevStart, prevEnd).map(score)))),
      distribution,
    },
    peakHour: peak ? peak[0] : null,
    topQuestions: [...questions.entries()]
      .map(([question, n]) => ({ question, count: n }))
      .sort((a, b) => b.count - a.count || (a.question < b.question ? -1 : 1))
      .slice(0, 10),
    toolUsage: [...tools.values()].sort((a, b) => b.count - a.count || (a.tool < b.tool ? -1 : 1)),
  };
}
