import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { billingCorsHeaders } from '../_shared/billing/cors.ts';
import { billingConfig, createCheckoutSession, StripeError, type FunctionEnv } from '../_shared/billing/stripe-api.ts';
import { errorResponse, HttpError, httpErrorResponse } from '../_shared/web/errors.ts';
import { readJsonBody } from '../_shared/web/json-body.ts';

/**
 * billing-checkout: starts a Stripe Checkout for one pack.
 *   GET  -> { configured } so the console can say when payments are not set up.
 *   POST { packId, returnUrl } (signed-in user) -> { id, url } of the Checkout Session.
 * The price and credits come from the packs table, never from the browser; without
 * STRIPE_SECRET_KEY every POST answers 503 payment_not_configured.
 */
const CheckoutInput = z.object({
  packId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  returnUrl: z
    .string()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), 'returnUrl must be an http(s) URL'),
});

const PackRow = z.object({
  id: z.string(),
  name: z.string(),
  monthly_price: z.coerce.number(),
  credits: z.number(),
  active: z.boolean(),
});

function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: billingCorsHeaders });
}

function withReturn(returnUrl: string, outcome: 'success' | 'cancelled'): string {
  const url = new URL(returnUrl);
  url.searchParams.set('checkout', outcome);
  return url.toString();
}

export function makeHandler(env: FunctionEnv) {
  const supabaseUrl = env.get('SUPABASE_URL') ?? '';
  const anonKey = env.get('SUPABASE_ANON_KEY') ?? '';
  const serviceKey = env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

  async function checkout(req: Request): Promise<Response> {
    const config = billingConfig(env);
    if (!config) throw new HttpError(503, 'payment_not_configured', 'Payment is not configured on this installation.');
    const token = req.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    const { data: auth } = await createClient(supabaseUrl, anonKey, clientOptions).auth.getUser(token);
    if (!auth.user) throw new HttpError(401, 'not_authenticated', 'User not authenticated');
    const parsed = CheckoutInput.safeParse(await readJsonBody(req, 8 * 1024));
    if (!parsed.success)
      throw new HttpError(
        400,
        'invalid_input',
        parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      );
    const service = createClient(supabaseUrl, serviceKey, clientOptions);
    const { data, error } = await service
      .from('packs')
      .select('id, name, monthly_price, credits, active')
      .eq('id', parsed.data.packId)
      .maybeSingle();
    if (error) throw new HttpError(500, 'database_error', 'Failed to fetch packs');
    const pack = data === null ? null : PackRow.parse(data);
    if (!pack || !pack.active) throw new HttpError(404, 'pack_not_found', 'Pack not found');
    if (pack.monthly_price <= 0)
      throw new HttpError(400, 'pack_not_purchasable', 'This pack is free: activate it instead of buying it.');
    const session = await createCheckoutSession(config, {
      userId: auth.user.id,
      email: auth.user.email ?? undefined,
      pack: { id: pack.id, name: pack.name, monthlyPrice: pack.monthly_price, credits: pack.credits },
      successUrl: withReturn(parsed.data.returnUrl, 'success'),
      cancelUrl: withReturn(parsed.data.returnUrl, 'cancelled'),
    });
    return json(session);
  }

  return async (req: Request): Promise<Response> => {
    try {
      if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: billingCorsHeaders });
      if (req.method === 'GET') return json({ configured: billingConfig(env) !== null });
      if (req.method === 'POST') return await checkout(req);
      throw new HttpError(405, 'method_not_allowed', 'Use GET or POST.');
    } catch (error) {
      if (error instanceof HttpError) return httpErrorResponse(error, billingCorsHeaders);
      if (error instanceof StripeError)
        return errorResponse(error.status, 'payment_provider_error', error.message, billingCorsHeaders);
      console.error('billing-checkout failed', error);
      return errorResponse(500, 'internal_error', 'Failed to start the checkout', billingCorsHeaders);
    }
  };
}
