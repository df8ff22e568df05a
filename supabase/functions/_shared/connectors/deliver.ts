/**
 * One HTTP attempt of a connector event: signed POST, no redirects, private addresses refused
 * (tools/webhook.ts rules), a timeout, and the answer reduced to what the delivery log keeps.
 */
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '../platform/signing.ts';
import { checkWebhookUrl } from '../tools/webhook.ts';
import { CONNECTOR_EVENT, signConnectorEvent } from './event.ts';

export interface AttemptOutcome {
  ok: boolean;
  /** HTTP status, or null when no answer came (refused URL, network error, timeout). */
  statusCode: number | null;
  error: string | null;
}

export interface SendOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
  /** Local development and tests only: allow http://127.0.0.1 / localhost receivers. */
  allowLoopback?: boolean;
}

export async function sendConnectorEvent(
  target: { url: string; secret: string; deliveryId: string },
  body: string,
  options: SendOptions = {},
): Promise<AttemptOutcome> {
  const problem = checkWebhookUrl(target.url, options.allowLoopback);
  if (problem) return { ok: false, statusCode: null, error: problem };
  const timestamp = Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  try {
    const response = await (options.fetch ?? fetch)(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Concierge-Connector/1',
        'x-concierge-event': CONNECTOR_EVENT,
        'x-concierge-delivery': target.deliveryId,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: await signConnectorEvent(target.secret, timestamp, body),
      },
      body,
    });
    // The answer's body is not needed; release the connection.
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status, error: null };
    if (response.status >= 300 && response.status < 400)
      return { ok: false, statusCode: response.status, error: 'the webhook answered with a redirect' };
    return { ok: false, statusCode: response.status, error: `the webhook answered ${response.status}` };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, statusCode: null, error: 'the webhook did not answer in time' };
    return {
      ok: false,
      statusCode: null,
      error: `the webhook could not be reached (${error instanceof Error ? error.message : String(error)})`.slice(
        0,
        1000,
      ),
    };
  } finally {
    clearTimeout(timer);
  }
}
