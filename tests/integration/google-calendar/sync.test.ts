/**
 * The calendar tool with the agent's Google Calendar connected, through agent-chat and the real
 * tool runner (fake OpenAI picks the tool call, fake Google answers): bookings, moves and
 * cancellations reach Google, Google's busy times are honoured, an expired token is refreshed and
 * persisted, and a Google failure keeps the local appointment with its sync error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../../fakes/openai/server.ts';
import { startFakeGoogleCalendar, type FakeGoogleCalendar } from '../../fakes/google/server.ts';
import {
  chat,
  createAgent,
  createOwner,
  eventOf,
  newVisitorId,
  nextWeekday,
  startTestStack,
  type Owner,
} from '../agent-chat/support.ts';
import type { TestStack } from '../support/stack.ts';
import { zonedToUtc } from '../../../supabase/functions/_shared/google/time.ts';
import { connectAgent } from './support.ts';

let openai: FakeOpenAI;
let google: FakeGoogleCalendar;
let stack: TestStack;
let owner: Owner;
let agent: { id: string };

/** One turn in which the model calls manage_calendar; returns what the tool answered the model. */
async function calendar(args: Record<string, unknown>, options: { visitorId?: string; conversationId?: string } = {}) {
  openai.queueChat({ toolCalls: [{ name: 'manage_calendar', arguments: args }] });
  const turn = await chat(
    stack,
    {
      agentId: agent.id,
      message: 'calendar please',
      ...(options.conversationId ? { conversationId: options.conversationId } : {}),
    },
    { visitorId: options.visitorId ?? newVisitorId() },
  );
  const tool = turn.events.filter((e) => e.event === 'tool').at(-1);
  expect(tool?.data.status, JSON.stringify(turn.events)).toBe('succeeded');
  const followUp = openai.requestsTo('chat').at(-1)!.body as { messages: { role: string; content: string }[] };
  const result = JSON.parse(followUp.messages.filter((m) => m.role === 'tool').at(-1)!.content) as Record<
    string,
    unknown
  >;
  return { result, conversationId: eventOf(turn, 'meta').data.conversationId };
}

async function appointment(id: string) {
  const { data, error } = await owner.client
    .from('appointments')
    .select('status, starts_at_time, google_event_id, google_sync_status, google_sync_error')
    .eq('id', id)
    .single();
  if (error) throw new Error(error.message);
  return data;
}

async function storedAccessToken(): Promise<string> {
  const { data } = await stack
    .serviceClient()
    .from('agent_secrets')
    .select('google_calendar_access_token')
    .eq('agent_id', agent.id)
    .single<{ google_calendar_access_token: string }>();
  return data!.google_calendar_access_token;
}

beforeAll(async () => {
  openai = await startFakeOpenAI();
  google = await startFakeGoogleCalendar();
  stack = await startTestStack({
    functionEnv: {
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: openai.apiKey,
      OPENAI_BASE_URL: openai.baseURL,
      CHAT_RATE_VISITOR: '100/100',
      CHAT_RATE_AGENT: '100/100',
      ...google.env,
    },
  });
  owner = await createOwner(stack, 'sync-owner');
  agent = await createAgent(stack, owner, { tools: ['calendar'] });
  await connectAgent(stack, google, owner.token, agent.id);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await openai?.close();
  await google?.close();
});

describe('calendar tool with Google Calendar connected', () => {
  const date = nextWeekday();

  it('books into Google, moves the Google event, and deletes it on cancel', async () => {
    const visitorId = newVisitorId();
    const booked = await calendar(
      { action: 'create_appointment', date, time: '10:00', duration: 45, title: 'Haircut', description: 'Ada' },
      { visitorId },
    );
    expect(booked.result).toMatchObject({ booked: true, time: '10:00', calendar_sync: 'synced' });
    const id = booked.result.appointment_id as string;
    const row = await appointment(id);
    expect(row).toMatchObject({ google_sync_status: 'synced', google_sync_error: null });
    const event = google.events.get(row.google_event_id as string);
    expect(event).toMatchObject({
      calendarId: 'primary',
      summary: 'Haircut',
      description: 'Ada',
      start: { dateTime: `${date}T10:00:00`, timeZone: 'Europe/Paris' },
      end: { dateTime: `${date}T10:45:00`, timeZone: 'Europe/Paris' },
      extendedProperties: { private: { concierge_appointment_id: id } },
    });
    expect(google.requestsOf('insert').at(-1)?.authorization).toBe(`Bearer ${await storedAccessToken()}`);

    // Moving by 15 minutes overlaps the appointment's own Google event, which must not block it.
    const moved = await calendar(
      { action: 'update_appointment', time: '10:30' },
      { visitorId, conversationId: booked.conversationId },
    );
    expect(moved.result).toMatchObject({ updated: true, time: '10:30', calendar_sync: 'synced' });
    expect(google.requestsOf('patch')).toHaveLength(1);
    expect(google.events.get(row.google_event_id as string)?.start.dateTime).toBe(`${date}T10:30:00`);

    const cancelled = await calendar(
      { action: 'cancel_appointment' },
      { visitorId, conversationId: booked.conversationId },
    );
    expect(cancelled.result).toMatchObject({ cancelled: true, calendar_sync: 'synced' });
    expect(google.requestsOf('delete').at(-1)?.path).toBe(
      `/calendar/v3/calendars/primary/events/${row.google_event_id}`,
    );
    expect(google.events.has(row.google_event_id as string)).toBe(false);
    expect(await appointment(id)).toMatchObject({ status: 'cancelled', google_event_id: null });
  });

  it('counts Google busy times as taken in availability and bookings', async () => {
    // 14:00–15:00 Paris time on `date` is busy in the owner's Google Calendar.
    google.busy.push({
      start: new Date(zonedToUtc(date, 14 * 60, 'Europe/Paris')).toISOString(),
      end: new Date(zonedToUtc(date, 15 * 60, 'Europe/Paris')).toISOString(),
    });
    const availability = await calendar({ action: 'check_availability', date });
    expect(availability.result.google_calendar).toBe('consulted');
    const times = availability.result.available_times as string[];
    expect(times).toContain('13:30');
    expect(times).not.toContain('14:00');
    expect(times).not.toContain('14:30');
    expect(times).toContain('15:00');
    const freeBusy = google.requestsOf('freeBusy').at(-1)!;
    expect(freeBusy.body).toMatchObject({ items: [{ id: 'primary' }] });
    expect(Date.parse(freeBusy.body.timeMin as string)).toBe(zonedToUtc(date, 0, 'Europe/Paris'));

    const refused = await calendar({ action: 'create_appointment', date, time: '14:30', title: 'Clash' });
    expect(refused.result).toMatchObject({ booked: false, reason: 'that time is already taken' });
    expect(refused.result.available_times).toContain('15:00');
  });

  it('refreshes an expired access token, persists it, and books', async () => {
    const before = await storedAccessToken();
    // The stored expiry says the token is over: the tool refreshes before calling Google.
    await stack
      .serviceClient()
      .from('agent_secrets')
      .update({ google_calendar_token_expires_at: new Date(Date.now() - 60_000).toISOString() })
      .eq('agent_id', agent.id);
    const refreshesBefore = google.requestsOf('token').filter((r) => r.body.grant_type === 'refresh_token').length;
    const booked = await calendar({ action: 'create_appointment', date, time: '09:00', title: 'Early' });
    expect(booked.result).toMatchObject({ booked: true, calendar_sync: 'synced' });
    const refreshes = google.requestsOf('token').filter((r) => r.body.grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(refreshesBefore + 1);
    expect(refreshes.at(-1)?.body).toMatchObject({ client_id: google.clientId, client_secret: google.clientSecret });
    const after = await storedAccessToken();
    expect(after).not.toBe(before);
    expect(google.requestsOf('insert').at(-1)?.authorization).toBe(`Bearer ${after}`);

    // Google revoking the token (401) mid-way: one refresh, one retry, and the booking syncs.
    google.revokeAccessTokens();
    const again = await calendar({ action: 'create_appointment', date, time: '11:00', title: 'Late morning' });
    expect(again.result).toMatchObject({ booked: true, calendar_sync: 'synced' });
    expect(await storedAccessToken()).not.toBe(after);
    expect(google.requestsOf('token').filter((r) => r.body.grant_type === 'refresh_token')).toHaveLength(
      refreshesBefore + 2,
    );
  });

  it('keeps the local appointment when Google fails, with the sync error on the row and in the result', async () => {
    const eventsBefore = google.events.size;
    google.failNext('insert', 500);
    const booked = await calendar({ action: 'create_appointment', date, time: '16:00', title: 'Fitting' });
    expect(booked.result).toMatchObject({ booked: true, time: '16:00', calendar_sync: 'failed' });
    expect(booked.result.calendar_sync_error).toMatch(/Google answered 500/);
    const row = await appointment(booked.result.appointment_id as string);
    expect(row).toMatchObject({ status: 'booked', google_event_id: null, google_sync_status: 'failed' });
    expect(row.google_sync_error).toMatch(/Google answered 500/);
    expect(google.events.size).toBe(eventsBefore);

    // freeBusy down: availability still answers from our own bookings and says Google was unavailable.
    google.failNext('freeBusy', 503);
    const availability = await calendar({ action: 'check_availability', date });
    expect(availability.result).toMatchObject({ google_calendar: 'unavailable' });
    expect(availability.result.available_times).not.toContain('16:00');
    expect(availability.result.available_times).toContain('16:30');
  });
});
