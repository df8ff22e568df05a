/**
 * `process_payment`: payment links through Stripe's HTTP API when STRIPE_SECRET_KEY is set (a
 * Price with inline product data, then a Payment Link; STRIPE_API_URL overrides the base URL for
 * tests), recorded in `payment_links`. Charging a card or refunding from a chat is not offered:
 * the visitor pays on Stripe's page. Without a key: a plain 'not configured' result.
 */
import type { ToolOutcome } from '../conversation/turn.ts';
import { fail, isOwnerChannel, numberArg, notConfigured, ok, text, type ToolContext } from './context.ts';

/** Currencies without minor units (Stripe amounts are in the smallest unit). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);

async function stripe(
  context: ToolContext,
  key: string,
  path: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  const base = (context.env.get('STRIPE_API_URL')?.trim() || 'https://api.stripe.com').replace(/\/+$/, '');
  const response = await context.fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
    signal: context.signal,
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const message = (body.error as { message?: unknown } | undefined)?.message;
    throw new Error(`Stripe answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`);
  }
  return body;
}

export async function processPayment(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome> {
  const action = text(args, 'action');
  if (action === 'get_payment_status') {
    let query = context.service
      .from('payment_links')
      .select('id, url, amount, currency, created_at')
      .eq('agent_id', context.agentId);
    if (!isOwnerChannel(context)) query = query.eq('conversation_id', context.conversationId);
    const { data, error } = await query.order('created_at', { ascending: false }).limit(5);
    if (error) return fail(error.message);
    return ok({
      payment_links: data ?? [],
      note: 'payment confirmation arrives from the payment provider to the business',
    });
  }
  if (action === 'process_payment' || action === 'refund_payment') {
    return fail('payments are taken through a payment link; refunds are made by the business');
  }
  if (action !== 'create_payment_link') return fail(`unknown payment action ${String(action)}`);
  const key = context.env.get('STRIPE_SECRET_KEY')?.trim();
  if (!key) return notConfigured('Online payment');
  const amount = numberArg(args, 'amount');
  if (amount === undefined || amount <= 0 || amount > 1_000_000) return fail('amount must be a positive amount');
  const currency = (
    text(args, 'currency') ?? (typeof context.config.currency === 'string' ? context.config.currency : 'EUR')
  ).toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) return fail('currency must be an ISO 4217 code such as EUR');
  const unitAmount = Math.round(ZERO_DECIMAL.has(currency) ? amount : amount * 100);
  try {
    const price = await stripe(context, key, '/v1/prices', {
      currency: currency.toLowerCase(),
      unit_amount: String(unitAmount),
      'product_data[name]': `${context.agentName} payment`.slice(0, 250),
    });
    if (typeof price.id !== 'string') return fail('Stripe returned no price');
    const link = await stripe(context, key, '/v1/payment_links', {
      'line_items[0][price]': price.id,
      'line_items[0][quantity]': '1',
      'metadata[agent_id]': context.agentId,
      'metadata[conversation_id]': context.conversationId,
    });
    if (typeof link.id !== 'string' || typeof link.url !== 'string') return fail('Stripe returned no payment link');
    const { error } = await context.service.from('payment_links').insert({
      agent_id: context.agentId,
      user_id: context.ownerId,
      conversation_id: context.conversationId,
      provider: 'stripe',
      provider_id: link.id,
      url: link.url,
      amount,
      currency,
    });
    if (error) return fail(`the payment link was created but could not be saved: ${error.message}`);
    return ok({ payment_link: link.url, amount, currency });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}
