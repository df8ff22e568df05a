import { z } from 'zod';
import { billingConfig } from '../_shared/billing/stripe-api.ts';
import {
  HttpError,
  createFunctionApp,
  jsonResponse,
  readTextBody,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import { verifyStripeSignature } from '../_shared/platform/signing.ts';

export type { FunctionEnv };

/**
 * billing-webhook: Stripe's event endpoint (verify_jwt = false; the Stripe-Signature header is the
 * authentication). A paid checkout credits the pack once per payment (its Checkout Session and
 * payment intent), however many events report it, through the service-role-only RPC
 * record_checkout_payment (ledger purchase row + one-month subscription, one transaction); a
 * refund in the payment's currency and within what was paid takes the credits back in proportion
 * (record_refund). No user is calling, so the service role is the only identity here.
 */
const MAX_BODY_BYTES = 256 * 1024;

const StripeEvent = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const PaidSession = z.object({
  // The Checkout Session: every event about one checkout names it.
  id: z.string().min(1).max(255).nullish(),
  payment_status: z.string(),
  metadata: z.object({ user_id: z.string().uuid(), pack_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
  // What was paid, kept for the admin's billing figures (absent from older test events).
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullish(),
  payment_intent: z.string().min(1).max(255).nullish(),
});

/** A refund (`refund.created`): one per refund, so partial refunds add up exactly. */
const Refund = z.object({
  amount: z.number().int().positive(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .nullish(),
  payment_intent: z.string().min(1).max(255),
});

/** What record_refund decided; a refusal names its reason. */
const RefundOutcome = z.object({
  status: z.enum(['applied', 'duplicate', 'currency_mismatch', 'exceeds_payment']),
  credits_taken: z.number().int().nonnegative().optional(),
  credits_shortfall: z.number().int().nonnegative().optional(),
});

/** Events that mean "this checkout is paid". */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const REFUND_EVENT = 'refund.created';

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  // Not called from browsers: no CORS (a browser Origin is refused by the gateway's absence of it).
  const fn = createFunctionApp('billing-webhook', env);

  fn.post('/', async (c) => {
    const secret = billingConfig(env)?.webhookSecret;
    if (!secret) throw new HttpError(503, 'payment_not_configured', 'Payment is not configured on this installation.');
    // The signature covers the raw bytes: read them before any parsing.
    const raw = await readTextBody(c.req.raw, MAX_BODY_BYTES);
    const check = await verifyStripeSignature(raw, c.req.header('stripe-signature') ?? null, secret);
    if (!check.ok) throw new HttpError(400, 'invalid_signature', `Stripe signature rejected (${check.reason})`);
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      throw new HttpError(400, 'invalid_json', 'The event is not valid JSON.');
    }
    const event = StripeEvent.safeParse(payload);
    if (!event.success) throw new HttpError(400, 'invalid_event', 'The event has no id, type or data.object.');
    if (event.data.type === REFUND_EVENT) return await refund(event.data.id, event.data.data.object);
    if (!PAID_EVENTS.has(event.data.type)) return jsonResponse({ received: true, ignored: true });
    const session = PaidSession.safeParse(event.data.data.object);
    if (!session.success)
      throw new HttpError(400, 'invalid_event', 'The checkout session has no user_id/pack_id metadata.');
    // checkout.session.completed also fires for delayed methods still pending; those credit later.
    if (session.data.payment_status !== 'paid') return jsonResponse({ received: true, pending: true });
    const { data, error } = await fn.service().rpc('record_checkout_payment', {
      event_id: event.data.id,
      event_type: event.data.type,
      user_id: session.data.metadata.user_id,
      pack_id: session.data.metadata.pack_id,
      amount_cents: session.data.amount_total ?? undefined,
      currency: session.data.currency ?? undefined,
      payment_ref: session.data.payment_intent ?? undefined,
      checkout_ref: session.data.id ?? undefined,
    });
    if (error) {
      // Unknown user or pack will not heal on retry; anything else (database down) should be retried.
      if (error.code === 'PT404') throw new HttpError(422, 'unknown_reference', error.message);
      console.error('billing-webhook: record_checkout_payment failed', error);
      throw new HttpError(500, 'database_error', 'Failed to purchase credits');
    }
    return jsonResponse({ received: true, applied: data === true });
  });

  /** Records a refund of a payment we recorded; a refund of anything else is acknowledged and ignored. */
  async function refund(eventId: string, object: unknown): Promise<Response> {
    const parsed = Refund.safeParse(object);
    if (!parsed.success) throw new HttpError(400, 'invalid_event', 'The refund has no amount or payment_intent.');
    const { data, error } = await fn.service().rpc('record_refund', {
      event_id: eventId,
      event_type: REFUND_EVENT,
      payment_ref: parsed.data.payment_intent,
      amount_cents: parsed.data.amount,
      currency: parsed.data.currency ?? undefined,
    });
    if (error?.code === 'PT404') return jsonResponse({ received: true, ignored: true });
    if (error) {
      console.error('billing-webhook: record_refund failed', error);
      throw new HttpError(500, 'database_error', 'Failed to record the refund');
    }
    const outcome = RefundOutcome.parse(data);
    if (outcome.status === 'duplicate') return jsonResponse({ received: true, applied: false });
    if (outcome.status !== 'applied') {
      // Acknowledged (a retry would be refused the same way) but recorded nowhere: worth a look.
      console.warn('billing-webhook: refund refused', { eventId, reason: outcome.status });
      return jsonResponse({ received: true, ignored: true, reason: outcome.status });
    }
    return jsonResponse({
      received: true,
      applied: true,
      creditsTaken: outcome.credits_taken ?? 0,
      creditsShortfall: outcome.credits_shortfall ?? 0,
    });
  }

  return fn.handler();
}
