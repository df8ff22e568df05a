import { mkdirSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { DESKTOP, launchBrowser } from './support/browser.ts';
import { startOwnerSite } from './support/owner-site.ts';
import {
  routeVoiceSession,
  stubWebRtc,
  voiceSessionHandler,
  type VoiceSessionHandler,
} from './support/browser-voice.ts';

/**
 * A browser voice call on the demo agent's page, end to end except for the two pieces a test
 * cannot have: OpenAI's realtime service (the fake realtime calls API: SDP answer, hang-up) and
 * WebRTC itself (a stubbed RTCPeerConnection whose data channel plays the model's events). The
 * real `voice-session` function runs against the product's database and settles and charges the
 * call. The page carries audio only: the model's function call and transcripts on the data channel
 * are not relayed (the server runs tools and records the transcript over its sideband).
 * (The product itself runs without an OpenAI key, so its own voice-session says voice is off; the
 * page's requests are routed to this handler, configured as a deployment with a key would be.)
 */
const product = inject('product');
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001';
const SHOTS = '/tmp/shots';
const BOOKING_TITLE = 'Voice test booking for 2';

/** A weekday two to three weeks ahead (the default opening hours are Monday to Friday 09:00-18:00). */
function futureWeekday(): string {
  const day = new Date(Date.now() + 15 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The "model" on the data channel: it greets, hears the booking, then calls the calendar tool. */
function bookingEvents(b: { date: string; title: string }): Record<string, unknown>[] {
  const call = {
    call_id: 'call_voice_1',
    name: 'manage_calendar',
    arguments: JSON.stringify({ action: 'create_appointment', date: b.date, time: '12:00', title: b.title }),
  };
  return [
    {
      type: 'response.output_audio_transcript.done',
      transcript: 'Bonjour, Le Petit Bistrot. This call is likely recorded.',
    },
    {
      type: 'conversation.item.input_audio_transcription.completed',
      transcript: `A table for two on ${b.date} at noon, please.`,
    },
    { type: 'response.function_call_arguments.done', ...call },
    { type: 'response.output_item.done', item: { type: 'function_call', ...call } },
  ];
}

describe('browser voice call (real voice-session, fake realtime endpoint, stubbed WebRTC)', () => {
  let browser: Browser;
  let service: SupabaseClient;
  let realtime: FakeOpenAI;
  let handler: VoiceSessionHandler;
  let initialCredits = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    realtime = await startFakeOpenAI({ apiKey: 'sk-test-realtime' });
    handler = voiceSessionHandler(product, realtime);
    service = createClient(product.apiUrl, product.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const { data } = await service.from('profiles').select('credits').eq('id', DEMO_OWNER_ID).single();
    initialCredits = (data as { credits: number }).credits;
  });
  afterAll(async () => {
    await service?.from('appointments').delete().eq('title', BOOKING_TITLE);
    await service?.from('profiles').update({ credits: initialCredits }).eq('id', DEMO_OWNER_ID);
    await browser?.close();
    await realtime?.close();
  });

  /** The page's voice-session requests go to the real handler built above. */
  it('connects, carries audio only (relays no tool call, posts no transcript), and the server charges nothing for a call that never carried the caller’s audio', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const date = futureWeekday();
    await stubWebRtc(page, { events: bookingEvents({ date, title: BOOKING_TITLE }), openAfterMs: 300 });
    const seen: Record<string, unknown>[] = [];
    await routeVoiceSession(page, handler, seen);
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');

    const overlay = await site.openCallOverlay();
    await expect(overlay.getByTestId('call-title').textContent()).resolves.toBe('Start Call');
    await overlay.getByTestId('call-start').click();
    await page.locator('[data-testid="call-overlay"][data-status="in_progress"]').waitFor();
    await expect(overlay.getByTestId('call-title').textContent()).resolves.toBe('Call in Progress');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/site-voice-call-desktop.png` });

    // The realtime session was offered the agent's tools as functions.
    const tools = (realtime.realtimeCalls.at(-1)?.session.tools ?? []) as { type: string; name: string }[];
    expect(tools.map((t) => t.name)).toContain('manage_calendar');
    expect(tools.every((t) => t.type === 'function')).toBe(true);

    // The model's events played on the data channel (greeting, caller, function call) have come and gone.
    await page.waitForTimeout(600);
    await overlay.getByTestId('call-end').click();
    await page.locator('[data-testid="call-overlay"][data-status="ended"]').waitFor();
    await expect.poll(() => seen.some((b) => b.action === 'end'), { timeout: 15_000 }).toBe(true);
    // The page wrote nothing on the data channel, asked for no tool, and sent no transcript.
    const sentOnChannel = await page.evaluate(
      () => (window as unknown as { __sentOnChannel: string[] }).__sentOnChannel,
    );
    expect(sentOnChannel).toEqual([]);
    expect(seen.map((b) => b.action ?? 'start')).toEqual(['start', 'end']);
    const end = seen.find((b) => b.action === 'end')!;
    expect(Object.keys(end).sort()).toEqual(['action', 'callId', 'callToken']);
    const { data: booked } = await service.from('appointments').select('id').eq('title', BOOKING_TITLE);
    expect(booked).toEqual([]);

    const callId = String(end.callId);
    await expect
      .poll(async () => (await service.from('calls').select('status').eq('id', callId).single()).data?.status)
      .toBe('completed');
    // The stubbed WebRTC carries no caller audio, so the server has no evidence a person spoke: no charge, and why.
    const { data: call } = await service
      .from('calls')
      .select('credits_charged, uncharged_reason')
      .eq('id', callId)
      .single();
    expect(call?.credits_charged).toBe(0);
    expect(call?.uncharged_reason).toBe('no_caller_audio');
    // Ending the call hung the realtime session up.
    expect(realtime.hangups).toEqual([realtime.realtimeCalls.at(-1)?.id]);
    const { data: profile } = await service.from('profiles').select('credits').eq('id', DEMO_OWNER_ID).single();
    expect(profile?.credits).toBe(initialCredits);
    await context.close();
  });

  it('refuses the call when the owner has no credits left', async () => {
    await service.from('profiles').update({ credits: 0 }).eq('id', DEMO_OWNER_ID);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await stubWebRtc(page, { events: bookingEvents({ date: futureWeekday(), title: BOOKING_TITLE }) });
    const seen: Record<string, unknown>[] = [];
    await routeVoiceSession(page, handler, seen);
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');
    const dialog = await site.openCall();
    await expect(dialog.locator('.dialog__text').textContent()).resolves.toBe(
      'This assistant has no voice minutes left, so it cannot take calls right now. You can chat with it instead.',
    );
    expect(seen).toHaveLength(0);
    // Asked directly, the function refuses to start a call as well.
    const refused = await handler(
      new Request(`${product.apiUrl}/voice-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subdomain: 'demo', sdp: 'v=0\r\n' }),
      }),
    );
    expect(refused.status).toBe(402);
    await context.close();
  });
  it('the web widget has a call button that opens the call overlay in its panel', async () => {
    const { data: existing } = await service
      .from('agent_integrations')
      .select('enabled, config')
      .eq('agent_id', DEMO_AGENT_ID)
      .eq('kind', 'web_widget')
      .maybeSingle();
    // Another file may have enabled the widget already; either way it is enabled for localhost here.
    if (existing) {
      const { error } = await service
        .from('agent_integrations')
        .update({ enabled: true, config: { ...(existing.config as object), domain: 'localhost' } })
        .eq('agent_id', DEMO_AGENT_ID)
        .eq('kind', 'web_widget');
      expect(error).toBeNull();
    } else {
      const { error } = await service.from('agent_integrations').insert({
        agent_id: DEMO_AGENT_ID,
        user_id: DEMO_OWNER_ID,
        kind: 'web_widget',
        enabled: true,
        config: { domain: 'localhost' },
      });
      expect(error).toBeNull();
    }
    try {
      const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
      const page = await context.newPage();
      // The owner's website on localhost, the configured domain (not a page of ours, so not under our CSP).
      const ownerSite = await startOwnerSite();
      await page.goto(ownerSite.url('localhost'));
      await page.addScriptTag({ url: `${product.publicSiteUrl.replace('{agent}', 'demo')}/api/live-audio-widget` });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __conciergeWidget?: boolean }).__conciergeWidget))
        .toBe(true);
      // The call button (48 px, 92 px from the right edge, 26 px from the bottom) in the closed shadow root.
      await page.mouse.click(DESKTOP.width - 92 - 24, DESKTOP.height - 26 - 24);
      await expect.poll(() => page.frames().some((f) => f.url().includes('view=call'))).toBe(true);
      const frame = page.frames().find((f) => f.url().includes('view=call'))!;
      await expect(frame.getByTestId('call-title').textContent()).resolves.toBe('Start Call');
      await page.screenshot({ path: `${SHOTS}/site-widget-call-desktop.png` });
      // Closing the overlay leaves the chat of the same panel.
      await frame.getByTestId('call-close').click();
      await frame.getByTestId('chat-input').waitFor();
      await context.close();
      await ownerSite.close();
    } finally {
      // Leave the widget row as it was found.
      const rows = service.from('agent_integrations');
      if (existing) await rows.update(existing).eq('agent_id', DEMO_AGENT_ID).eq('kind', 'web_widget');
      else await rows.delete().eq('agent_id', DEMO_AGENT_ID).eq('kind', 'web_widget');
    }
  });
});
