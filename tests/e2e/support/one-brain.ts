/**
 * What the one-brain files share: the scripted model every channel talks to, the question and the
 * booking each channel is asked, and the checks of what the server stored (the transcript's shape,
 * the answer's knowledge passage, one appointment per channel). A channel passes only if it stored
 * the same conversation as every other.
 */
import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { messageText, wireMessages, type ChatRequestBody, type FakeChatReply } from '../../fakes/openai/protocol.ts';

export const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
export const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001';
export const TITLE = 'One brain booking';
export const QUESTION = 'What are your opening hours?';
/** The knowledge passage (the demo agent's menu-and-hours.txt) the hours are answered from. */
export const PASSAGE = 'lunch 12:00-14:30 and dinner 19:00-22:30';
export const KNOWLEDGE_FILE = 'menu-and-hours.txt';

function futureWeekday(): string {
  const day = new Date(Date.now() + 17 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
export const DATE = futureWeekday();
export const booking = (time: string) => `A table for two on ${DATE} at ${time}, please.`;

/**
 * The scripted model, the same for chat completions and realtime responses: knowledge questions
 * are answered with the hours of the passage it was given (in the prompt on text channels, from
 * search_knowledge on voice); a booking is an availability check, then the booking, then a
 * confirmation.
 */
export function brain(body: ChatRequestBody): FakeChatReply {
  const all = wireMessages(body);
  const spoken = all.filter((m) => m.role !== 'system' && m.role !== 'developer');
  const lastUserIndex = spoken.map((m) => m.role).lastIndexOf('user');
  const question = lastUserIndex >= 0 ? messageText(spoken[lastUserIndex]!) : '';
  const toolOutputs = spoken
    .slice(lastUserIndex + 1)
    .filter((m) => m.role === 'tool')
    .map(messageText);
  const offered = (Array.isArray(body.tools) ? (body.tools as { function?: { name?: string } }[]) : []).map(
    (tool) => tool.function?.name,
  );
  if (question.includes('opening hours')) {
    const context = [...all.filter((m) => m.role === 'system').map(messageText), ...toolOutputs].join('\n');
    // Whatever hours the channel handed over are the ones said: a channel given another passage
    // answers from it, and the stored answer shows it.
    const hours = /lunch [\d:-]+ and dinner [\d:-]+/.exec(context)?.[0];
    if (hours) return { text: `We serve ${hours}.` };
    if (offered.includes('search_knowledge'))
      return { toolCalls: [{ name: 'search_knowledge', arguments: { query: 'opening hours' } }] };
    return { text: 'I do not have that information.' };
  }
  const wanted = /table for two on (\d{4}-\d{2}-\d{2}) at (\d{2}:\d{2})/.exec(question);
  if (wanted) {
    const [, date, time] = wanted;
    if (toolOutputs.length === 0)
      return { toolCalls: [{ name: 'manage_calendar', arguments: { action: 'check_availability', date } }] };
    if (toolOutputs.length === 1)
      return {
        toolCalls: [{ name: 'manage_calendar', arguments: { action: 'create_appointment', date, time, title: TITLE } }],
      };
    return { text: `Your table is booked on ${date} at ${time}.` };
  }
  return { text: 'Hello, Le Petit Bistrot, this call is likely recorded. How can I help?' };
}

export interface StoredMessage {
  role: string;
  content: string;
  verified: boolean;
  citations: { name: string }[] | null;
  tool_calls: { function: string; status: string; step: number }[] | null;
  metadata: { channel?: string };
}

/** What every channel must store alike: who spoke, verified, the tool rounds, the channel named. */
const shape = (rows: StoredMessage[]) =>
  rows.map((row) => ({
    role: row.role,
    verified: row.verified,
    tools: (row.tool_calls ?? []).map((t) => `${t.function}:${t.status}:${t.step}`),
    channelNamed: typeof row.metadata.channel === 'string',
  }));

const EXPECTED_SHAPE = [
  { role: 'user', verified: true, tools: [], channelNamed: true },
  { role: 'assistant', verified: true, tools: [], channelNamed: true },
  { role: 'user', verified: true, tools: [], channelNamed: true },
  {
    role: 'assistant',
    verified: true,
    tools: ['manage_calendar:succeeded:1', 'manage_calendar:succeeded:2'],
    channelNamed: true,
  },
];

/** The conversation a message was stored in, and every message of it, oldest first. */
export async function storedConversation(
  service: SupabaseClient,
  content: string,
): Promise<{ channel: string; messages: StoredMessage[] }> {
  let conversationId = '';
  await expect
    .poll(
      async () => {
        const { data } = await service.from('messages').select('conversation_id').eq('content', content).limit(1);
        conversationId = (data?.[0] as { conversation_id?: string } | undefined)?.conversation_id ?? '';
        return conversationId;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  const read = async () =>
    (
      await service
        .from('messages')
        .select('role, content, verified, citations, tool_calls, metadata')
        .eq('conversation_id', conversationId)
        .order('timestamp')
    ).data as StoredMessage[];
  // The booking's answer is the conversation's last line; wait for it to be written.
  await expect.poll(async () => (await read()).at(-1)?.content ?? '', { timeout: 15_000 }).toMatch(/booked/);
  const { data } = await service.from('conversations').select('channel').eq('id', conversationId).single();
  return { channel: (data as { channel: string }).channel, messages: await read() };
}

/** The stored conversation is the one every channel stores: same lines, same passage, same tool rounds. */
export function expectSameBrain(stored: { messages: StoredMessage[] }, time: string): void {
  // A call starts with the agent's greeting; the conversation proper is the same everywhere.
  const rows = stored.messages.slice(-4);
  expect(shape(rows)).toEqual(EXPECTED_SHAPE);
  expect(rows[0]?.content).toBe(QUESTION);
  expect(rows[1]?.content).toBe(`We serve ${PASSAGE}.`);
  expect((rows[1]?.citations ?? []).map((c) => c.name)).toContain(KNOWLEDGE_FILE);
  expect(rows[2]?.content).toBe(booking(time));
  expect(rows[3]?.content).toBe(`Your table is booked on ${DATE} at ${time}.`);
}

/** Exactly one appointment at `time`, on the booking's date, made by a conversation of `channel`. */
export async function expectBooked(service: SupabaseClient, time: string, channel: string): Promise<void> {
  const { data } = await service
    .from('appointments')
    .select('starts_on, starts_at_time, conversation_id, conversations(channel)')
    .eq('title', TITLE)
    .eq('starts_at_time', `${time}:00`);
  expect(data).toHaveLength(1);
  expect(data?.[0]).toMatchObject({ starts_on: DATE, conversations: { channel } });
}
