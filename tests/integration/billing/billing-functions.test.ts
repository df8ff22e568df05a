import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHandler as makeCheckoutHandler } from '../../../supabase/functions/billing-checkout/handler.ts';
import { stripeSignatureHeader as signStripePayload } from '../../../supabase/functions/_shared/platform/signing.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';

/** billing-checkout and billing-webhook against the product migrations and a fake Stripe. */
const WEBHOOK_SECRET = 'whsec_local_test_secret';
let stripe: FakeStripe;
let stack: TestStack;
let service: SupabaseClient;
let user: { id: string; token: string; client: SupabaseClient };

beforeAll(async () => {
  stripe = await startFakeStripe();
  stack = await startTestStack({
    functionEnv: {
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      // The console's own origin: the only place a checkout may return to.
      CONSOLE_URL: 'http://localhost:5180',
    },
  });
  service = stack.serviceClient();
  const email = `buyer-${randomUUID()}@example.com`;
  const created = await service.auth.admin.createUser({ email, password: 'buyer-secret-1', email_confirm: true });
  if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
  const signedIn = await stack.anonClient().auth.signInWithPassword({ email, password: 'buyer-secret-1' });
  const token = signedIn.data.session?.access_token;
  if (!token) throw new Error(`sign-in failed: ${signedIn.error?.message}`);
  user = { id: created.data.user.id, token, client: await stack.clientAs(token) };
});
afterAll(async () => {
  await stack?.stop();
  await stripe?.stop();
});

function checkout(body: unknown, token: string | null = user.token, method = 'POST'): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/billing-checkout`, {
    method,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${token ?? stack.anonKey}`,
      'content-type': 'application/json',
    },
    ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

async function credits(): Promise<number> {
  const { data } = await service.from('profiles').select('credits').eq('id', user.id).single();
  return (data as { credits: number }).credits;
}

function paidEvent(id: string, packId = 'pro', userId = user.id, paymentStatus = 'paid') {
  return JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        payment_status: paymentStatus,
        metadata: { user_id: userId, pack_id: packId },
      },
    },
  });
}

async function deliver(raw: string, signature: string | null): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/billing-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: raw,
  });
}

describe('billing-checkout', () => {
  it('reports that payments are configured', async () => {
    const res = await checkout(null, user.token, 'GET');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ configured: true });
  });

  it('creates a Stripe Checkout Session priced from the packs table, in USD cents', async () => {
    const res = await checkout({ packId: 'pro', returnUrl: 'http://localhost:5180/credits' });
    expect(res.status).toBe(200);
    const session = (await res.json()) as { id: string; url: string };
    expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    const sent = stripe.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_fake');
    expect(sent.form.get('mode')).toBe('payment');
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('4990');
    expect(sent.form.get('line_items[0][price_data][product_data][name]')).toBe('Pro');
    expect(sent.form.get('metadata[user_id]')).toBe(user.id);
    expect(sent.form.get('metadata[pack_id]')).toBe('pro');
    expect(sent.form.get('client_reference_id')).toBe(user.id);
    expect(sent.form.get('success_url')).toBe('http://localhost:5180/credits?checkout=success');
    expect(sent.form.get('cancel_url')).toBe('http://localhost:5180/credits?checkout=cancelled');
  });

  it.each([
    ['no pack id', { returnUrl: 'http://localhost:5180/credits' }],
    ['a malformed pack id', { packId: 'pro; drop table', returnUrl: 'http://localhost:5180/credits' }],
    ['a non-http return url', { packId: 'pro', returnUrl: 'javascript:alert(1)' }],
    ['a body that is not an object', 'null'],
  ])('answers 400 invalid_request for %s', async (_case, body) => {
    const res = await checkout(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_request');
  });

  it.each([
    ['another site', 'https://evil.example/credits'],
    ['a look-alike host', 'http://localhost.evil.example:5180/credits'],
    ['another port of the console host', 'http://localhost:5999/credits'],
    ['another scheme of the console origin', 'https://localhost:5180/credits'],
  ])('answers 400 return_url_not_allowed for a return url on %s, without asking Stripe', async (_case, returnUrl) => {
    const before = stripe.requests.length;
    const res = await checkout({ packId: 'pro', returnUrl });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('return_url_not_allowed');
    expect(stripe.requests.length).toBe(before);
  });

  it('accepts a return url on the console’s own origin, whatever the page', async () => {
    const res = await checkout({ packId: 'pro', returnUrl: 'http://localhost:5180/profile?tab=credits' });
    expect(res.status).toBe(200);
    expect(stripe.requests.at(-1)!.form.get('success_url')).toBe(
      'http://localhost:5180/profile?tab=credits&checkout=success',
    );
  });

  it('answers 400 for malformed JSON, 404 for an unknown pack and 400 for the free pack', async () => {
    expect((await checkout('{not json')).status).toBe(400);
    const unknown = await checkout({ packId: 'platinum', returnUrl: 'http://localhost:5180/credits' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'pack_not_found', message: 'Pack not found' } });
    const free = await checkout({ packId: 'free', returnUrl: 'http://localhost:5180/credits' });
    expect(free.status).toBe(400);
    expect(((await free.json()) as { error: { code: string } }).error.code).toBe('pack_not_purchasable');
  });

  it('refuses a visitor without an account with 401', async () => {
    const res = await checkout({ packId: 'pro', returnUrl: 'http://localhost:5180/credits' }, null);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_signed_in');
  });

  it('answers 502 with Stripe’s message when Stripe refuses', async () => {
    stripe.failNextWith(400, 'Invalid API Key provided');
    const res = await checkout({ packId: 'pro', returnUrl: 'http://localhost:5180/credits' });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      error: { code: 'payment_provider_error', message: 'Invalid API Key provided' },
    });
  });

  it('without a Stripe key says so: GET configured false, POST 503 payment_not_configured', async () => {
    const env = new Map([
      ['SUPABASE_URL', stack.url],
      ['SUPABASE_ANON_KEY', stack.anonKey],
      ['SUPABASE_SERVICE_ROLE_KEY', stack.serviceRoleKey],
    ]);
    const handler = makeCheckoutHandler({ get: (k) => env.get(k) });
    const status = await handler(new Request('http://fn/billing-checkout'));
    expect(await status.json()).toEqual({ configured: false });
    const post = await handler(
      new Request('http://fn/billing-checkout', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ packId: 'pro', returnUrl: 'http://localhost:5180/credits' }),
      }),
    );
    expect(post.status).toBe(503);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe('payment_not_configured');
  });
});

describe('billing-webhook', () => {
  it('credits the pack once for a correctly signed paid checkout, and starts a subscription', async () => {
    const before = await credits();
    const raw = paidEvent('evt_paid_1');
    const res = await deliver(raw, await signStripePayload(raw, WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: true });
    expect(await credits()).toBe(before + 500);
    const { data: ledger } = await user.client
      .from('credit_ledger')
      .select('type, amount, pack_id')
      .eq('type', 'purchase');
    expect(ledger).toEqual([{ type: 'purchase', amount: 500, pack_id: 'pro' }]);
    const { data: subs } = await user.client.from('subscriptions').select('pack_id, status');
    expect(subs).toEqual([{ pack_id: 'pro', status: 'active' }]);
  });

  it('ignores a replay of the same event id (Stripe retries)', async () => {
    const before = await credits();
    const raw = paidEvent('evt_paid_1');
    const res = await deliver(raw, await signStripePayload(raw, WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, applied: false });
    expect(await credits()).toBe(before);
  });

  it('rejects a wrongly signed, unsigned or stale event without crediting', async () => {
    const before = await credits();
    const raw = paidEvent('evt_forged');
    const wrong = await deliver(raw, await signStripePayload(raw, 'whsec_attacker'));
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_signature');
    expect((await deliver(raw, null)).status).toBe(400);
    const stale = await deliver(
      raw,
      await signStripePayload(raw, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(400);
    const tampered = await deliver(raw.replace('"pro"', '"enterprise"'), await signStripePayload(raw, WEBHOOK_SECRET));
    expect(tampered.status).toBe(400);
    expect(await credits()).toBe(before);
  });

  it('acknowledges unrelated events and unpaid sessions without crediting', async () => {
    const before = await credits();
    const other = JSON.stringify({ id: 'evt_other', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    const res = await deliver(other, await signStripePayload(other, WEBHOOK_SECRET));
    expect(await res.json()).toEqual({ received: true, ignored: true });
    const unpaid = paidEvent('evt_unpaid', 'pro', user.id, 'unpaid');
    expect(await (await deliver(unpaid, await signStripePayload(unpaid, WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      pending: true,
    });
    expect(await credits()).toBe(before);
  });

  it('answers 4xx to signed events that are malformed or name an unknown user, and 405 to GET', async () => {
    const noMeta = JSON.stringify({
      id: 'evt_nometa',
      type: 'checkout.session.completed',
      data: { object: { payment_status: 'paid' } },
    });
    expect((await deliver(noMeta, await signStripePayload(noMeta, WEBHOOK_SECRET))).status).toBe(400);
    const notJson = 'not json';
    expect((await deliver(notJson, await signStripePayload(notJson, WEBHOOK_SECRET))).status).toBe(400);
    const ghost = paidEvent('evt_ghost', 'pro', randomUUID());
    expect((await deliver(ghost, await signStripePayload(ghost, WEBHOOK_SECRET))).status).toBe(422);
    expect((await fetch(`${stack.url}/functions/v1/billing-webhook`)).status).toBe(405);
  });

  it('keeps what a checkout paid and records a refund of it once; a refund of an unknown payment is ignored', async () => {
    const paid = JSON.parse(paidEvent('evt_paid_amount')) as { data: { object: Record<string, unknown> } };
    Object.assign(paid.data.object, { amount_total: 4990, currency: 'usd', payment_intent: 'pi_amount' });
    const raw = JSON.stringify(paid);
    expect((await deliver(raw, await signStripePayload(raw, WEBHOOK_SECRET))).status).toBe(200);
    const refund = (id: string, paymentIntent: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'refund.created',
        data: {
          object: { id: `re_${id}`, object: 'refund', amount: 1000, currency: 'usd', payment_intent: paymentIntent },
        },
      });
    const first = refund('evt_refund_a', 'pi_amount');
    expect(await (await deliver(first, await signStripePayload(first, WEBHOOK_SECRET))).json()).toMatchObject({
      received: true,
      applied: true,
    });
    expect(await (await deliver(first, await signStripePayload(first, WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      applied: false,
    });
    const stray = refund('evt_refund_b', 'pi_elsewhere');
    expect(await (await deliver(stray, await signStripePayload(stray, WEBHOOK_SECRET))).json()).toEqual({
      received: true,
      ignored: true,
    });
    const { data } = await stack
      .serviceClient()
      .from('billing_events')
      .select('id, kind, amount_cents, currency, payment_ref')
      .in('id', ['evt_paid_amount', 'evt_refund_a', 'evt_refund_b'])
      .order('id');
    expect(data).toEqual([
      { id: 'evt_paid_amount', kind: 'payment', amount_cents: 4990, currency: 'usd', payment_ref: 'pi_amount' },
      { id: 'evt_refund_a', kind: 'refund', amount_cents: 1000, currency: 'usd', payment_ref: 'pi_amount' },
    ]);
  });

  it('a signed-in user cannot record a payment themselves', async () => {
    const { error } = await user.client.rpc('record_checkout_payment', {
      event_id: 'evt_self',
      event_type: 'x',
      user_id: user.id,
      pack_id: 'pro',
    });
    expect(error).not.toBeNull();
    const { data } = await service.from('billing_events').select('id').eq('id', 'evt_self');
    expect(data).toEqual([]);
  });
});

describe('payments and refunds', () => {
  async function newBuyer(): Promise<string> {
    const created = await service.auth.admin.createUser({
      email: `refund-${randomUUID()}@example.com`,
      password: 'buyer-secret-1',
      email_confirm: true,
    });
    if (!created.data.user) throw new Error(`createUser failed: ${created.error?.message}`);
    return created.data.user.id;
  }
  async function balanceOf(userId: string): Promise<number> {
    const { data } = await service.from('profiles').select('credits').eq('id', userId).single();
    return (data as { credits: number }).credits;
  }
  /** A signed Stripe event for a paid Checkout Session of the Pro pack ($49.90, 500 credits). */
  function sessionEvent(eventId: string, type: string, userId: string, session: string, paymentIntent: string) {
    return JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      data: {
        object: {
          id: session,
          object: 'checkout.session',
          payment_status: 'paid',
          amount_total: 4990,
          currency: 'usd',
          payment_intent: paymentIntent,
          metadata: { user_id: userId, pack_id: 'pro' },
        },
      },
    });
  }
  function refundEvent(eventId: string, paymentIntent: string, amount: number, currency = 'usd') {
    return JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'refund.created',
      data: { object: { id: `re_${eventId}`, object: 'refund', amount, currency, payment_intent: paymentIntent } },
    });
  }
  async function send(raw: string): Promise<Record<string, unknown>> {
    const res = await deliver(raw, await signStripePayload(raw, WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }
  async function paidPro(userId: string): Promise<string> {
    const pi = `pi_${randomUUID()}`;
    expect(
      await send(sessionEvent(`evt_${randomUUID()}`, 'checkout.session.completed', userId, `cs_${pi}`, pi)),
    ).toEqual({ received: true, applied: true });
    return pi;
  }

  it('two signed events for one payment credit the pack once', async () => {
    const buyer = await newBuyer();
    const before = await balanceOf(buyer);
    const pi = `pi_${randomUUID()}`;
    const completed = sessionEvent(`evt_${randomUUID()}`, 'checkout.session.completed', buyer, `cs_${pi}`, pi);
    const succeeded = sessionEvent(
      `evt_${randomUUID()}`,
      'checkout.session.async_payment_succeeded',
      buyer,
      `cs_${pi}`,
      pi,
    );
    expect(await send(completed)).toEqual({ received: true, applied: true });
    expect(await send(succeeded)).toEqual({ received: true, applied: false });
    // Another session naming the same payment intent is the same payment too.
    expect(
      await send(sessionEvent(`evt_${randomUUID()}`, 'checkout.session.completed', buyer, 'cs_other', pi)),
    ).toEqual({ received: true, applied: false });
    expect(await balanceOf(buyer)).toBe(before + 500);
    const { data: purchases } = await service
      .from('credit_ledger')
      .select('amount')
      .eq('user_id', buyer)
      .eq('type', 'purchase');
    expect(purchases).toEqual([{ amount: 500 }]);
  });

  it('a partial refund takes back credits in proportion, and the rest of the refund the rest', async () => {
    const buyer = await newBuyer();
    const pi = await paidPro(buyer);
    const before = await balanceOf(buyer);
    expect(await send(refundEvent(`evt_${randomUUID()}`, pi, 998))).toEqual({
      received: true,
      applied: true,
      creditsTaken: 100,
      creditsShortfall: 0,
    });
    expect(await balanceOf(buyer)).toBe(before - 100);
    expect(await send(refundEvent(`evt_${randomUUID()}`, pi, 3992))).toMatchObject({
      applied: true,
      creditsTaken: 400,
    });
    expect(await balanceOf(buyer)).toBe(before - 500);
    const { data: ledger } = await service
      .from('credit_ledger')
      .select('type, amount')
      .eq('user_id', buyer)
      .eq('type', 'refund')
      .order('id');
    expect(ledger).toEqual([
      { type: 'refund', amount: -100 },
      { type: 'refund', amount: -400 },
    ]);
  });

  it('a refund never takes the balance below zero and records the shortfall', async () => {
    const buyer = await newBuyer();
    const pi = await paidPro(buyer);
    const spent = (await balanceOf(buyer)) - 120;
    expect((await service.rpc('use_credits', { amount: spent, user_id: buyer })).error).toBeNull();
    const eventId = `evt_${randomUUID()}`;
    expect(await send(refundEvent(eventId, pi, 4990))).toEqual({
      received: true,
      applied: true,
      creditsTaken: 120,
      creditsShortfall: 380,
    });
    expect(await balanceOf(buyer)).toBe(0);
    const { data } = await service
      .from('billing_events')
      .select('kind, amount_cents, credits_taken, credits_shortfall')
      .eq('id', eventId)
      .single();
    expect(data).toEqual({ kind: 'refund', amount_cents: 4990, credits_taken: 120, credits_shortfall: 380 });
  });

  it('a refund in another currency or above what was paid is ignored with a reason and takes nothing', async () => {
    const buyer = await newBuyer();
    const pi = await paidPro(buyer);
    const before = await balanceOf(buyer);
    const euros = `evt_${randomUUID()}`;
    expect(await send(refundEvent(euros, pi, 1000, 'eur'))).toEqual({
      received: true,
      ignored: true,
      reason: 'currency_mismatch',
    });
    const tooMuch = `evt_${randomUUID()}`;
    expect(await send(refundEvent(tooMuch, pi, 4991))).toEqual({
      received: true,
      ignored: true,
      reason: 'exceeds_payment',
    });
    // Refunds add up: two halves are fine, a third refund is above the payment.
    expect(await send(refundEvent(`evt_${randomUUID()}`, pi, 2495))).toMatchObject({ applied: true });
    expect(await send(refundEvent(`evt_${randomUUID()}`, pi, 2495))).toMatchObject({ applied: true });
    expect(await send(refundEvent(`evt_${randomUUID()}`, pi, 1))).toMatchObject({
      ignored: true,
      reason: 'exceeds_payment',
    });
    expect(await balanceOf(buyer)).toBe(before - 500);
    const { data } = await service.from('billing_events').select('id').in('id', [euros, tooMuch]);
    expect(data).toEqual([]);
  });
});

describe('billing events', () => {
  it('an owner cannot read payment records; an admin can', async () => {
    const { data: own } = await user.client.from('billing_events').select('id');
    expect(own).toEqual([]);
    const adminEmail = `admin-${randomUUID()}@example.com`;
    const created = await service.auth.admin.createUser({
      email: adminEmail,
      password: 'admin-secret-1',
      email_confirm: true,
    });
    await service.rpc('set_user_admin', { user_id: created.data.user!.id, is_admin: true });
    const signedIn = await stack
      .anonClient()
      .auth.signInWithPassword({ email: adminEmail, password: 'admin-secret-1' });
    const admin = await stack.clientAs(signedIn.data.session!.access_token);
    const { data } = await admin.from('billing_events').select('id').eq('id', 'evt_paid_1');
    expect(data).toEqual([{ id: 'evt_paid_1' }]);
  });
});
