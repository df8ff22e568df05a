/**
 * The slice of Stripe's HTTP API Concierge uses: creating a Checkout Session. Plain fetch with a
 * form-encoded body: one request does not justify the Stripe SDK (a multi-megabyte dependency in
 * both runtimes), and `STRIPE_API_BASE` points tests at a fake on loopback, which the SDK only
 * takes as separate host/port/protocol. Webhook signatures are in platform/signing.ts.
 */
import type { FunctionEnv } from '../platform/env.ts';

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string | undefined;
  apiBase: string;
}

/** Payments are configured when a Stripe secret key is set; otherwise checkout answers 503. */
export function billingConfig(env: FunctionEnv): BillingConfig | null {
  const secretKey = env.get('STRIPE_SECRET_KEY')?.trim();
  if (!secretKey) return null;
  return {
    secretKey,
    webhookSecret: env.get('STRIPE_WEBHOOK_SECRET')?.trim() || undefined,
    apiBase: (env.get('STRIPE_API_BASE')?.trim() || 'https://api.stripe.com').replace(/\/+$/, ''),
  };
}

/** Stripe's bracketed form encoding: {a:{b:[{c:1}]}} -> a[b][0][c]=1. */
export function toStripeForm(value: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  const walk = (prefix: string, v: unknown): void => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) v.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    else if (typeof v === 'object')
      for (const [k, inner] of Object.entries(v as Record<string, unknown>))
        walk(prefix ? `${prefix}[${k}]` : k, inner);
    else form.append(prefix, String(v));
  };
  walk('', value);
  return form;
}

export interface CheckoutRequest {
  userId: string;
  email: string | undefined;
  pack: { id: string; name: string; monthlyPrice: number; credits: number };
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'StripeError';
  }
}

/** Prices are USD; Stripe wants the amount in cents. */
export function usdCents(price: number): number {
  return Math.round(price * 100);
}

export async function createCheckoutSession(
  config: BillingConfig,
  req: CheckoutRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<CheckoutSession> {
  const body = toStripeForm({
    mode: 'payment',
    success_url: req.successUrl,
    cancel_url: req.cancelUrl,
    client_reference_id: req.userId,
    customer_email: req.email,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: usdCents(req.pack.monthlyPrice),
          product_data: { name: req.pack.name, description: `${req.pack.credits} credits (1 credit = 1 minute)` },
        },
      },
    ],
    // The webhook reads these back; they are set by us, never by the browser.
    metadata: { user_id: req.userId, pack_id: req.pack.id },
    payment_intent_data: { metadata: { user_id: req.userId, pack_id: req.pack.id } },
  });
  let response: Response;
  try {
    response = await fetchImpl(`${config.apiBase}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  } catch (error) {
    throw new StripeError(502, `Stripe is unreachable: ${(error as Error).message}`);
  }
  const payload = (await response.json().catch(() => null)) as {
    id?: unknown;
    url?: unknown;
    error?: { message?: unknown };
  } | null;
  if (!response.ok) {
    const message =
      typeof payload?.error?.message === 'string' ? payload.error.message : `Stripe answered ${response.status}`;
    throw new StripeError(502, message);
  }
  if (typeof payload?.id !== 'string' || typeof payload.url !== 'string')
    throw new StripeError(502, 'Stripe answered without a session url');
  return { id: payload.id, url: payload.url };
}
