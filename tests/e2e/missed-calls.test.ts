import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { historyEn } from '../../renderer/src/features/history/locales/en.ts';
import { notificationsEn } from '../../renderer/src/features/notifications/locales/en.ts';
import { formatPhone } from '../../supabase/functions/_shared/contracts/phone-format.ts';
import type { Database } from '../../supabase/types/database.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { CallHistoryPage } from './pages/HistoryPages.ts';
import { NotificationsPanel } from './pages/NotificationsPanel.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * Every call in the history, as an owner sees it: calls that were missed, busy or answered are all
 * listed with their status colour; the status filter narrows the list; the notification and the
 * alert email about a missed call open that very call, with the number to call back. The calls
 * reach their status the way the carrier reports it (phone_call_status, as the status callback
 * of the twilio-voice function calls it).
 */
const product = inject('product');
const email = `missed-${Date.now().toString(36)}@example.com`;
const password = 'missed-calls-pass';
const MISSED_CALLER = '+33698765432';
const BUSY_CALLER = '+33611112222';
const ANSWERED_CALLER = '+33633334444';
/** How the console writes a number on screen (the one formatter). */
const shown = formatPhone;
let browser: Browser;
let service: SupabaseClient<Database>;
let ownerId: string;
let agentId: string;
let missedCallId: string;

async function must<T>(query: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<NonNullable<T>> {
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

/** A ringing call on the agent's number, then the carrier's final status for it. */
async function callThatEnds(from: string, status: 'failed' | 'busy' | 'completed', minutesAgo: number) {
  const callSid = `CA${crypto.randomUUID().replaceAll('-', '')}`;
  const call = await must(
    service
      .from('calls')
      .insert({
        user_id: ownerId,
        assigned_agent: agentId,
        call_sid: callSid,
        from_number: from,
        to_number: '+33100000000',
        status: 'ringing',
        timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      })
      .select('id')
      .single(),
  );
  await must(service.rpc('phone_call_status', { call_sid: callSid, status, duration: 0 }));
  return call.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await must(service.from('profiles').update({ lang: 'en' }).eq('id', ownerId));
  agentId = (await must(service.from('agents').insert({ user_id: ownerId, name: 'Reception' }).select('id').single()))
    .id;
  await callThatEnds(ANSWERED_CALLER, 'completed', 30);
  await callThatEnds(BUSY_CALLER, 'busy', 20);
  missedCallId = await callThatEnds(MISSED_CALLER, 'failed', 10);
});
afterAll(async () => {
  await browser?.close();
  if (ownerId) await service?.auth.admin.deleteUser(ownerId);
});

async function signedIn(): Promise<{ page: Page; calls: CallHistoryPage; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser, DESKTOP);
  await new ConsolePage(page, product.consoleUrl).signIn(email, password);
  return { page, calls: new CallHistoryPage(page, product.consoleUrl, historyEn), close: () => context.close() };
}

describe('every call in the history', () => {
  it('a missed call is listed in red with the caller’s number and the missed-call notification opens it', async () => {
    const { page, calls, close } = await signedIn();
    await calls.open('/calls');
    await expect
      .poll(() => calls.callers())
      .toEqual([shown(MISSED_CALLER), shown(BUSY_CALLER), shown(ANSWERED_CALLER)]);
    expect(await calls.statusColourOf(shown(MISSED_CALLER))).toBe('red');
    expect(await calls.statusOf(shown(MISSED_CALLER))).toBe(historyEn.calls.status.failed);
    expect(await calls.statusColourOf(shown(BUSY_CALLER))).toBe('yellow');
    expect(await calls.statusColourOf(shown(ANSWERED_CALLER))).toBe('green');
    await screenshot(page, 'history-missed-calls');

    // From anywhere in the console, the notification about the missed call opens that call.
    await calls.goto('/dashboard');
    const panel = new NotificationsPanel(page, { bell: shellEn.sidebar.notifications, feed: notificationsEn.feed });
    await panel.open();
    const missed = panel.entries().filter({ hasText: shown(MISSED_CALLER) });
    await expect.poll(() => missed.count(), { timeout: 15_000 }).toBe(1);
    await missed.click();
    await page.waitForURL((url) => url.pathname === `/agents/${agentId}/calls`);
    await calls.dialog().waitFor();
    expect(await calls.dialog().textContent()).toContain(shown(MISSED_CALLER));
    expect(await calls.dialog().textContent()).toContain(historyEn.calls.status.failed);
    await close();
  });

  it('the status filter shows only busy calls', async () => {
    const { calls, close } = await signedIn();
    await calls.open('/calls');
    await expect.poll(() => calls.rows().count()).toBe(3);
    await calls.filterStatus(historyEn.calls.status.busy);
    await expect.poll(() => calls.callers()).toEqual([shown(BUSY_CALLER)]);
    await calls.filterStatus(historyEn.calls.allStatuses);
    await expect.poll(() => calls.rows().count()).toBe(3);
    await close();
  });

  it('the alert email about a missed call opens that call', async () => {
    // The scheduler sends queued alerts every minute; a run now sends this owner's at once.
    const run = await fetch(`${product.apiUrl}/functions/v1/notification-emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${product.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.status).toBe(200);
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const inbox = (await (
            await fetch(product.inboxUrl, { headers: { authorization: `Bearer ${product.serviceRoleKey}` } })
          ).json()) as { to: string; text?: string; links: string[] }[] | { emails: { to: string; links: string[] }[] };
          const emails = Array.isArray(inbox) ? inbox : inbox.emails;
          link = emails
            .filter((e) => e.to === email)
            .flatMap((e) => e.links.filter((l) => l.includes(missedCallId)))[0];
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const { page, calls, close } = await signedIn();
    await page.goto(link!);
    await calls.dialog().waitFor();
    expect(await calls.dialog().textContent()).toContain(shown(MISSED_CALLER));
    await close();
  });

  it('a link to a call that is not the owner’s says the call is not found', async () => {
    const { calls, close } = await signedIn();
    await calls.open(`/calls?call=${crypto.randomUUID()}`);
    await calls.callNotFound().waitFor();
    expect(await calls.dialog().count()).toBe(0);
    await close();
  });
});
