import { z } from 'zod';
import { billingConfig, createCheckoutSession, StripeError } from '../_shared/billing/stripe-api.ts';
import {
  HttpError,
  createFunctionApp,
  jsonResponse,
  parseJsonBody,
  type FunctionEnv,
} from '../_shared/platform/index.ts';

export type { FunctionEnv };

/**
 * billing-checkout: starts a Stripe Checkout for one pack.
 *   GET  -> { configured } so the console can say when payments are not set up.
 *   POST { packId, returnUrl } (signed-in user) -> { id, url } of the Checkout Session; returnUrl
 *        must be on one of the console's origins (400 return_url_not_allowed otherwise).
 * The price and credits come from the packs table, read as the caller (RLS: active packs), never
 * from the browser; without STRIPE_SECRET_KEY every POST answers 503 payment_not_configured.
 */
const CheckoutInput = z
  .object({
    packId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    returnUrl: z
      .string()
      .max(2048)
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'returnUrl must be an http(s) URL'),
  })
  .strict();

const PackRow = z.object({
  id: z.string(),
  name: z.string(),
  monthly_price: z.coerce.number(),
  credits: z.number(),
  active: z.boolean(),
});

/**
 * Where a checkout may send the buyer back: the console's own origins, never a page a stranger
 * chose (a Stripe page that ends on their site). Those are the origin of CONSOLE_URL and the exact
 * origins of FUNCTIONS_ALLOWED_ORIGINS (its wildcard entries are agent pages, not the console).
 */
export function consoleOrigins(env: FunctionEnv): Set<string> {
  const origins = new Set<string>();
  const add = (value: string | undefined) => {
    if (!value || value.includes('*')) return;
    try {
      const url = new URL(value.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // A malformed entry never widens the list.
    }
  };
  add(env.get('CONSOLE_URL'));
  for (const entry of (env.get('FUNCTIONS_ALLOWED_ORIGINS') ?? '').split(',')) add(entry);
  return origins;
}

function withReturn(returnUrl: string, outcome: 'success' | 'cancelled'): string {
  const url = new URL(returnUrl);
  url.searchParams.set('checkout', outcome);
  return url.toString();
}

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('billing-checkout', env, { browser: true });

  fn.get('/', () => jsonResponse({ configured: billingConfig(env) !== null }));

  fn.post('/', async (c) => {
    const config = billingConfig(env);
    if (!config) throw new HttpError(503, 'payment_not_configured', 'Payment is not configured on this installation.');
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, CheckoutInput, { maxBytes: 8 * 1024 });
    if (!consoleOrigins(env).has(new URL(input.returnUrl).origin))
      throw new HttpError(
        400,
        'return_url_not_allowed',
        'returnUrl must be a page of the console (CONSOLE_URL or FUNCTIONS_ALLOWED_ORIGINS).',
      );
    const { data, error } = await fn
      .asCaller(caller)
      .from('packs')
      .select('id, name, monthly_price, credits, active')
      .eq('id', input.packId)
      .maybeSingle();
    if (error) throw new HttpError(500, 'database_error', 'Failed to fetch packs');
    const pack = data === null ? null : PackRow.parse(data);
    if (!pack || !pack.active) throw new HttpError(404, 'pack_not_found', 'Pack not found');
    if (pack.monthly_price <= 0)
      throw new HttpError(400, 'pack_not_purchasable', 'This pack is free: activate it instead of buying it.');
    try {
      const session = await createCheckoutSession(config, {
        userId: caller.userId,
        email: typeof caller.claims.email === 'string' && caller.claims.email !== '' ? caller.claims.email : undefined,
        pack: { id: pack.id, name: pack.name, monthlyPrice: pack.monthly_price, credits: pack.credits },
        successUrl: withReturn(input.returnUrl, 'success'),
        cancelUrl: withReturn(input.returnUrl, 'cancelled'),
      });
      return jsonResponse(session);
    } catch (error) {
      if (error instanceof StripeError) throw new HttpError(error.status, 'payment_provider_error', error.message);
      throw error;
    }
  });

  return fn.handler();
}
