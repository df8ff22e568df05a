import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { shellEn } from '../../renderer/src/app/locales/en.ts';
import { notificationsEn } from '../../renderer/src/features/notifications/locales/en.ts';
import { profileEn } from '../../renderer/src/features/profile/locales/en.ts';
import { LOW_CREDIT_THRESHOLD } from '../../supabase/functions/_shared/contracts/notifications.ts';
import type { Database } from '../../supabase/types/database.ts';
import { ConsolePage } from './pages/ConsolePage.ts';
import { NotificationsPanel } from './pages/NotificationsPanel.ts';
import { DESKTOP, launchBrowser, newPage, screenshot } from './support/browser.ts';
import { productClient } from './support/clients.ts';

/**
 * The notification feed in Chromium: rows written by Postgres triggers appear live
 * under the bell, opening one marks it read and goes to it, "mark all read" clears the count; the
 * Profile › Settings desktop toggles are saved. The desktop part runs through a stand-in for the
 * preload API (window.concierge) injected into the page: a new row raises a native notification
 * only when its toggle is on, and a click on one navigates.
 */
const product = inject('product');
const email = `notify-${Date.now()}@example.com`;
const password = 'notify-secret-123';
let browser: Browser;
let service: SupabaseClient<Database>;
let ownerId: string;
let agentId: string;

async function must<T>(query: PromiseLike<{ data: T; error: { message: string } | null }>): Promise<NonNullable<T>> {
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as NonNullable<T>;
}

beforeAll(async () => {
  browser = await launchBrowser();
  service = productClient(product, product.serviceRoleKey);
  const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  ownerId = created.data.user.id;
  await must(service.from('profiles').update({ lang: 'en' }).eq('id', ownerId));
  agentId = (await must(service.from('agents').insert({ user_id: ownerId, name: 'Front desk' }).select('id').single()))
    .id;
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(
  desktopStub = false,
  /** Until it settles, the page's profile reads (the owner's toggles) get no answer. */
  holdProfile?: Promise<void>,
): Promise<{
  page: Page;
  panel: NotificationsPanel;
  console: ConsolePage;
  feedLive: () => boolean;
  delivered: () => string[];
}> {
  const { page } = await newPage(browser, DESKTOP);
  if (holdProfile) {
    await page.route(/\/rest\/v1\/profiles/, async (route) => {
      if (route.request().method() === 'GET') await holdProfile;
      await route.continue();
    });
  }
  // The feed's Realtime channel has joined (its phx_reply): rows inserted from now on reach the page.
  let joined = false;
  // The kinds of the notification rows Realtime delivered to the page, in order.
  const delivered: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (!text.includes('"realtime:notifications:')) return;
      if (text.includes('phx_reply') && text.includes('"ok"')) joined = true;
      const kind = /"postgres_changes".*"type":"INSERT"/.test(text) ? /"kind":"([a-z_]+)"/.exec(text) : null;
      if (kind) delivered.push(kind[1]!);
    }),
  );
  if (desktopStub) {
    // The preload's API as the renderer sees it (window.concierge), recording what it is asked.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      const shown: unknown[] = [];
      let onClick: ((route: string) => void) | null = null;
      w.__shown = shown;
      w.__clickNotification = (route: string) => onClick?.(route);
      w.concierge = {
        getBackendConfig: () => Promise.reject(new Error('not used')),
        openExternal: () => Promise.resolve(false),
        setUnsavedChanges: () => Promise.resolve(),
        onDeepLink: () => () => {},
        notify: (n: unknown) => {
          shown.push(n);
          return Promise.resolve(true);
        },
        onNotificationClick: (listener: (route: string) => void) => {
          onClick = listener;
          return () => {
            onClick = null;
          };
        },
      };
    });
  }
  const consolePage = new ConsolePage(page, product.consoleUrl);
  await consolePage.signIn(email, password);
  const panel = new NotificationsPanel(page, { bell: shellEn.sidebar.notifications, feed: notificationsEn.feed });
  await consolePage.goto('/dashboard');
  await panel.bell().waitFor();
  return { page, panel, console: consolePage, feedLive: () => joined, delivered: () => [...delivered] };
}

describe('notification feed', () => {
  it('shows new rows live, opens one (marked read) and marks all read', async () => {
    const { page, panel, console, feedLive } = await signedIn();
    await expect.poll(() => panel.unreadCount().count()).toBe(0);
    await expect.poll(feedLive).toBe(true);

    const conversation = await must(
      service
        .from('conversations')
        .insert({ user_id: ownerId, agent_id: agentId, channel: 'web_chat' })
        .select('id')
        .single(),
    );
    await must(
      service.from('calls').insert({
        user_id: ownerId,
        assigned_agent: agentId,
        from_number: '+33600000001',
        to_number: '+33100000000',
        status: 'busy',
        settled_at: new Date().toISOString(),
      }),
    );
    await expect.poll(() => panel.unreadCount().textContent(), { timeout: 15_000 }).toBe('2');

    await panel.open();
    await expect.poll(() => panel.entries().count()).toBe(2);
    expect(await panel.unreadEntries().count()).toBe(2);
    await expect
      .poll(() => panel.entry(notificationsEn.kinds.failedCall.title).textContent())
      .toContain('Phone call from +33 6 00 00 00 01 was busy.');
    await screenshot(page, 'notifications-feed');

    await panel.entry(notificationsEn.kinds.newConversation.title).click();
    await page.waitForURL((url) => url.pathname === `/conversations/${conversation.id}`);
    await expect.poll(() => panel.unreadCount().textContent()).toBe('1');
    // The badge changes at once (optimistic); the server catches up.
    await expect
      .poll(
        async () =>
          (await must(service.from('notifications').select('read_at').eq('source_id', conversation.id).single()))
            .read_at,
      )
      .not.toBeNull();

    await panel.open();
    await panel.markAllRead();
    await expect.poll(() => panel.unreadCount().count()).toBe(0);
    await expect
      .poll(
        async () => await must(service.from('notifications').select('id').eq('user_id', ownerId).is('read_at', null)),
      )
      .toEqual([]);
    expect(console.path()).toBe(`/conversations/${conversation.id}`);
    await page.close();
  });

  it('saves the desktop toggles from Profile › Settings', async () => {
    const { page, console } = await signedIn();
    await console.goto('/profile?tab=settings');
    await page.getByText(profileEn.settings.desktopTitle).waitFor();
    await page.getByLabel(profileEn.settings.desktopLowCredit).click({ force: true });
    await expect
      .poll(
        async () =>
          (await must(service.from('profiles').select('notify_desktop_low_credit').eq('id', ownerId).single()))
            .notify_desktop_low_credit,
      )
      .toBe(false);
    await page.close();
  });

  it('in the desktop app, raises a native notification for kinds turned on only, and a click navigates', async () => {
    // Low credit is off since the previous test; conversations are on.
    const { page, feedLive } = await signedIn(true);
    await expect.poll(feedLive).toBe(true);
    const shown = () =>
      page.evaluate(() => (window as unknown as { __shown: { title: string; route: string }[] }).__shown);
    const { credits } = await must(service.from('profiles').select('credits').eq('id', ownerId).single());
    await must(
      service
        .from('credit_ledger')
        .insert({ user_id: ownerId, type: 'usage', amount: -(credits - LOW_CREDIT_THRESHOLD + 1), description: 'e2e' }),
    );
    const conversation = await must(
      service
        .from('conversations')
        .insert({ user_id: ownerId, agent_id: agentId, channel: 'whatsapp' })
        .select('id')
        .single(),
    );
    await expect.poll(shown, { timeout: 15_000 }).toEqual([
      {
        title: notificationsEn.kinds.newConversation.title,
        body: 'Front desk: a visitor started a conversation (WhatsApp).',
        route: `/conversations/${conversation.id}`,
      },
    ]);
    // The low-credit row exists (the feed shows it) but raised nothing natively.
    const lowCredit = await must(
      service.from('notifications').select('id').eq('user_id', ownerId).eq('kind', 'low_credit'),
    );
    expect(lowCredit).toHaveLength(1);

    await page.evaluate(() =>
      (window as unknown as { __clickNotification: (r: string) => void }).__clickNotification('/credits'),
    );
    await page.waitForURL((url) => url.pathname === '/credits');
    await page.close();
  });

  it('in the desktop app, a call that went unanswered and, with its toggle back on, low credit raise native notifications, even when they come before the profile has loaded', async () => {
    // Low credit back on (saving it from Profile › Settings is the test above).
    await must(service.from('profiles').update({ notify_desktop_low_credit: true }).eq('id', ownerId));
    // The feed's channel joins while the profile (the toggles) still loads, as on a busy machine:
    // the rows below arrive before the page knows whether to raise them, and must not be lost.
    let releaseProfile = () => {};
    const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
    const { page, feedLive, delivered } = await signedIn(true, profileHeld);
    await expect.poll(feedLive).toBe(true);
    const shown = () =>
      page.evaluate(() => (window as unknown as { __shown: { title: string; route: string }[] }).__shown);

    // A phone call rings, then Twilio's status callback says nobody answered: the same RPC the
    // twilio-voice function calls for it (service role), so the calls trigger notifies.
    const callSid = `CA${Date.now().toString(16).padStart(32, '0')}`;
    const call = await must(
      service
        .from('calls')
        .insert({
          user_id: ownerId,
          assigned_agent: agentId,
          call_sid: callSid,
          from_number: '+33600000002',
          to_number: '+33100000000',
          status: 'ringing',
        })
        .select('id')
        .single(),
    );
    const callStatus = await must(
      service.rpc('phone_call_status', { call_sid: callSid, status: 'no-answer', duration: 0 }),
    );
    expect(
      callStatus.map((c) => c.status_out),
      'the status callback updates the ringing call',
    ).toEqual(['no-answer']);

    // The balance crosses the threshold again: a top-up re-arms it, a charge takes it under.
    const { credits } = await must(service.from('profiles').select('credits').eq('id', ownerId).single());
    await must(
      service.from('credit_ledger').insert({
        user_id: ownerId,
        type: 'admin_grant',
        amount: LOW_CREDIT_THRESHOLD + 5 - credits,
        description: 'e2e top-up',
      }),
    );
    await must(
      service.from('credit_ledger').insert({ user_id: ownerId, type: 'usage', amount: -10, description: 'e2e' }),
    );

    // Postgres wrote both rows (the triggers), before any native notification is looked at.
    const failedCall = await must(
      service.from('notifications').select('route, data').eq('kind', 'failed_call').eq('source_id', call.id),
    );
    expect(failedCall, 'the unanswered call has its failed_call notification row').toEqual([
      {
        route: `/agents/${agentId}/calls?call=${call.id}`,
        data: { channel: 'phone', status: 'no-answer', from: '+33600000002', agentName: 'Front desk' },
      },
    ]);
    const lowCredit = await must(
      service
        .from('notifications')
        .select('route')
        .eq('user_id', ownerId)
        .eq('kind', 'low_credit')
        .contains('data', { balance: 5 }),
    );
    expect(lowCredit, 'the crossing under the threshold has its low_credit row').toEqual([{ route: '/credits' }]);
    // Realtime delivered both rows to the page while the toggles were still unknown: nothing raised yet.
    await expect
      .poll(delivered, { timeout: 15_000, message: 'Realtime delivers both notification rows to the page' })
      .toEqual(['failed_call', 'low_credit']);
    expect(await shown()).toEqual([]);

    releaseProfile();
    await expect
      .poll(async () => [...(await shown())].sort((a, b) => a.title.localeCompare(b.title)), { timeout: 15_000 })
      .toEqual([
        {
          title: notificationsEn.kinds.failedCall.title,
          body: 'Phone call from +33 6 00 00 00 02 went unanswered.',
          route: `/agents/${agentId}/calls?call=${call.id}`,
        },
        {
          title: notificationsEn.kinds.lowCredit.title,
          body: '5 credits left. Top up to keep your agents answering calls.',
          route: '/credits',
        },
      ]);
    await page.close();
  });
});
