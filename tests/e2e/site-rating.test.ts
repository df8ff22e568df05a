import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { conversationCatalogues } from '../../public-site/src/conversation/messages.ts';
import { insightsAggregateSchema } from '../../supabase/functions/_shared/contracts/insights.ts';
import { DEMO_LOGINS } from '../../scripts/lib/demo-logins.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai/server.ts';
import { AgentSitePage } from './pages/AgentSitePage.ts';
import { DESKTOP, launchBrowser, screenshot } from './support/browser.ts';
import {
  routeVoiceSession,
  stubWebRtc,
  voiceSessionHandler,
  type VoiceSessionHandler,
} from './support/browser-voice.ts';

/**
 * Visitor ratings on the demo agent's public page: the chat offers a 1-5 rating once the agent has
 * answered and the end of a browser voice call offers it for the call (real voice-session against
 * the product's database, the fake realtime calls API, stubbed WebRTC, as site-voice.test.ts);
 * both reach Postgres through agent-chat/rating, a change replaces the rating, and the owner's
 * satisfaction (the SQL RPC the dashboards read) is the average this test computes from the rows.
 */
const product = inject('product');
const DEMO_AGENT_ID = 'a0000000-0000-4000-8000-000000000001';
const DEMO_OWNER_ID = 'd0000000-0000-4000-8000-000000000001';
const en = conversationCatalogues.en;
const fr = conversationCatalogues.fr;

let browser: Browser;
let service: SupabaseClient;
let realtime: FakeOpenAI;
let voiceHandler: VoiceSessionHandler;
let initialCredits = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  realtime = await startFakeOpenAI({ apiKey: 'sk-test-rating' });
  voiceHandler = voiceSessionHandler(product, realtime);
  service = createClient(product.apiUrl, product.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data } = await service.from('profiles').select('credits').eq('id', DEMO_OWNER_ID).single();
  initialCredits = (data as { credits: number }).credits;
  if (initialCredits < 5) await service.from('profiles').update({ credits: 5 }).eq('id', DEMO_OWNER_ID);
});

afterAll(async () => {
  await service?.from('profiles').update({ credits: initialCredits }).eq('id', DEMO_OWNER_ID);
  await browser?.close();
  await realtime?.close();
});

/** The demo owner's 24 h satisfaction from the dashboards' RPC, and the same average computed here from the rows. */
async function satisfactionNow(): Promise<{ fromRpc: number | null; fromRows: number | null; ratings: number }> {
  const owner = createClient(product.apiUrl, product.anonKey, { auth: { persistSession: false } });
  const signedIn = await owner.auth.signInWithPassword({
    email: DEMO_LOGINS.DEMO_OWNER_EMAIL,
    password: DEMO_LOGINS.DEMO_OWNER_PASSWORD,
  });
  if (signedIn.error) throw signedIn.error;
  const { data, error } = await owner.rpc('insights_agent_statistics', {
    agent_id: DEMO_AGENT_ID,
    period: '24h',
    time_zone: 'UTC',
  });
  if (error) throw error;
  const rows = await service
    .from('conversations')
    .select('rating')
    .eq('agent_id', DEMO_AGENT_ID)
    .neq('channel', 'sandbox')
    .not('rating', 'is', null)
    .gte('started_at', new Date(Date.now() - 24 * 3_600_000).toISOString());
  const ratings = (rows.data ?? []).map((r: { rating: number }) => (r.rating - 1) / 4);
  const average = ratings.length
    ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10_000) / 10_000
    : null;
  return {
    fromRpc: insightsAggregateSchema.parse(data).satisfaction.average,
    fromRows: average,
    ratings: ratings.length,
  };
}

async function conversationRating(id: string): Promise<number | null> {
  const { data } = await service.from('conversations').select('rating').eq('id', id).single();
  return (data as { rating: number | null } | null)?.rating ?? null;
}

describe('visitor ratings on the public page', () => {
  it('the chat offers a rating after the first answer; it is stored, changeable, and the satisfaction is the real average', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const site = new AgentSitePage(await context.newPage(), product.publicSiteUrl);
    await site.openAgent('demo');
    await site.openChat();
    expect(await site.page.getByTestId('rating-chat').count()).toBe(0);
    await site.sendChat('What are your opening hours?');
    const prompt = site.page.getByTestId('rating-chat');
    await prompt.waitFor();
    expect(await prompt.getByText(en.rateChat).count()).toBe(1);
    const { conversationId } = await site.chatSession(DEMO_AGENT_ID);
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

    // Keyboard: focus the first star, arrow to the fourth, Enter rates 4.
    await prompt.getByRole('button', { name: en.rateValue.replace('{value}', '1') }).focus();
    for (let i = 0; i < 3; i++) await site.page.keyboard.press('ArrowRight');
    await site.page.keyboard.press('Enter');
    await expect.poll(() => prompt.getByTestId('rating-chat-status').textContent()).toBe(en.rateThanks);
    expect(await conversationRating(conversationId!)).toBe(4);
    await screenshot(site.page, 'site-chat-rating');

    await prompt.getByRole('button', { name: en.rateValue.replace('{value}', '2') }).click();
    await expect.poll(() => conversationRating(conversationId!)).toBe(2);
    const satisfaction = await satisfactionNow();
    expect(satisfaction.ratings).toBeGreaterThan(0);
    expect(satisfaction.fromRpc).toBe(satisfaction.fromRows);
    await context.close();
  });

  it('the end of a connected browser voice call offers the rating (French) for that call, proved by its call token', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'fr-FR' });
    const page = await context.newPage();
    await stubWebRtc(page);
    const seen: Record<string, unknown>[] = [];
    await routeVoiceSession(page, voiceHandler, seen);
    const site = new AgentSitePage(page, product.publicSiteUrl);
    await site.openAgent('demo');
    const overlay = await site.openCallOverlay();
    await overlay.getByTestId('call-start').click();
    await page.locator('[data-testid="call-overlay"][data-status="in_progress"]').waitFor();
    // No rating while the call is going on.
    expect(await page.getByTestId('rating-call').count()).toBe(0);
    await overlay.getByTestId('call-end').click();
    await page.locator('[data-testid="call-overlay"][data-status="ended"]').waitFor();
    const prompt = page.getByTestId('rating-call');
    await prompt.waitFor();
    expect(await prompt.getByText(fr.rateCall).count()).toBe(1);
    await expect.poll(() => seen.some((b) => b.action === 'end'), { timeout: 15_000 }).toBe(true);
    const callId = String(seen.find((b) => b.action === 'end')!.callId);

    await prompt.getByRole('button', { name: fr.rateValue.replace('{value}', '5') }).click();
    await expect.poll(() => prompt.getByTestId('rating-call-status').textContent()).toBe(fr.rateThanks);
    const { data: call } = await service.from('calls').select('conversation_id').eq('id', callId).single();
    const conversationId = (call as { conversation_id: string }).conversation_id;
    expect(await conversationRating(conversationId)).toBe(5);
    await screenshot(page, 'site-call-rating');
    // A change of mind replaces it (one rating per call, never two).
    await prompt.getByRole('button', { name: fr.rateValue.replace('{value}', '3') }).click();
    await expect.poll(() => conversationRating(conversationId)).toBe(3);
    const satisfaction = await satisfactionNow();
    expect(satisfaction.fromRpc).toBe(satisfaction.fromRows);
    await context.close();
  });
});
