/**
 * `POST /functions/v1/connector-dispatch` (service role only: a scheduler, see README "Connectors").
 * One run: close idle text conversations, enqueue a delivery per finished conversation and enabled
 * Zapier/Make connector, then send the due ones: a signed JSON event per delivery, 10 s timeout,
 * retries with backoff (30 s × 4^n, 5 attempts) for network errors, 408, 429 and 5xx; any other
 * answer fails the delivery at once. Idempotent: deliveries are unique per conversation end and
 * connector, and claims are leased, so overlapping runs never send the same attempt twice.
 * Body (all optional): {idleMinutes, maxDeliveries}. Answer: {claimed, delivered, retrying, failed, cancelled}.
 */
import { z } from 'zod';
import { MAX_ATTEMPTS, backoffSeconds, isRetryable } from '../_shared/connectors/event.ts';
import { sendConnectorEvent } from '../_shared/connectors/deliver.ts';
import { createFunctionApp, jsonResponse, parseOptionalJsonBody, type FunctionEnv } from '../_shared/platform/index.ts';
import {
  buildEvent,
  claimDeliveries,
  currentConnector,
  recordOutcome,
  signingSecret,
  type DeliveryRow,
} from './store.ts';

export type { FunctionEnv };

const input = z
  .object({
    idleMinutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .optional(),
    maxDeliveries: z.number().int().min(1).max(500).optional(),
  })
  .strict();

type Outcome = 'delivered' | 'retrying' | 'failed' | 'cancelled';

function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}

/** Deliveries sent at once in a run. */
const BATCH = 5;

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('connector-dispatch', env);
  // Service role: a scheduler's job across every owner's conversations and connector secrets.
  const service = fn.service();
  const idleDefault = positiveNumber(env.get('CONNECTOR_IDLE_MINUTES'), 30);
  const retryBase = positiveNumber(env.get('CONNECTOR_RETRY_BASE_SECONDS'), 30);
  const timeoutMs = positiveNumber(env.get('CONNECTOR_TIMEOUT_MS'), 10_000);
  const allowLoopback = env.get('CONNECTOR_ALLOW_LOOPBACK') === 'true';

  async function deliver(delivery: DeliveryRow): Promise<Outcome> {
    const connector = await currentConnector(service, delivery);
    if (!connector || !connector.enabled || !connector.url) {
      await recordOutcome(service, delivery.id, { status: 'cancelled', error: 'the connector was disabled' });
      return 'cancelled';
    }
    const [event, secret] = await Promise.all([
      buildEvent(service, delivery),
      signingSecret(service, delivery.agent_id),
    ]);
    if (!event || !secret) {
      await recordOutcome(service, delivery.id, { status: 'cancelled', error: 'the conversation no longer exists' });
      return 'cancelled';
    }
    // The URL saved now wins over the one at enqueue time (the owner fixed a typo meanwhile).
    const url = connector.url;
    const attempt = delivery.attempts + 1;
    const result = await sendConnectorEvent({ url, secret, deliveryId: delivery.id }, JSON.stringify(event), {
      timeoutMs,
      allowLoopback,
    });
    const now = new Date();
    const common = { url, attempts: attempt, status_code: result.statusCode, last_attempt_at: now.toISOString() };
    if (result.ok) {
      await recordOutcome(service, delivery.id, {
        ...common,
        status: 'delivered',
        error: null,
        delivered_at: now.toISOString(),
      });
      return 'delivered';
    }
    if (isRetryable(result.statusCode) && attempt < MAX_ATTEMPTS) {
      const next = new Date(now.getTime() + backoffSeconds(attempt, retryBase) * 1000);
      await recordOutcome(service, delivery.id, {
        ...common,
        status: 'pending',
        error: result.error,
        next_attempt_at: next.toISOString(),
      });
      return 'retrying';
    }
    await recordOutcome(service, delivery.id, { ...common, status: 'failed', error: result.error });
    return 'failed';
  }

  fn.post('/', async (c) => {
    fn.auth.requireServiceRole(c.req.raw, 'connector dispatch');
    const options = await parseOptionalJsonBody(c.req.raw, input);
    const maxDeliveries = options.maxDeliveries ?? 20;
    const deliveries = await claimDeliveries(service, {
      idleMinutes: options.idleMinutes ?? idleDefault,
      maxDeliveries,
      // Long enough for the whole batch (sent BATCH at a time, each attempt up to the timeout), so a
      // run started meanwhile cannot claim and send the same rows again.
      leaseSeconds: Math.ceil(maxDeliveries / BATCH) * (Math.ceil(timeoutMs / 1000) + 5) + 30,
    });
    const counts: Record<Outcome, number> = { delivered: 0, retrying: 0, failed: 0, cancelled: 0 };
    // A few at a time: receivers are slow HTTP hops, the database is not the bottleneck.
    for (let start = 0; start < deliveries.length; start += BATCH) {
      const outcomes = await Promise.all(deliveries.slice(start, start + BATCH).map(deliver));
      for (const outcome of outcomes) counts[outcome]++;
    }
    return jsonResponse({ claimed: deliveries.length, ...counts });
  });

  return fn.handler();
}
