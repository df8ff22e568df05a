/**
 * Custom catalogue tools: the model's arguments are POSTed to the owner's HTTPS webhook, signed so
 * the owner can check the call came from us and is fresh:
 *   x-concierge-timestamp: <unix seconds>
 *   x-concierge-signature: sha256=<hex HMAC-SHA256(secret, `${timestamp}.${body}`)>
 * Web Crypto only (Deno, Node, browsers). Redirects are not followed and private or loopback
 * addresses are refused, so a webhook URL cannot be used to reach our own network. (A public name
 * that resolves to a private address cannot be caught here without DNS; the platform's egress
 * rules must cover that.)
 */
import type { ToolOutcome } from '../conversation/turn.ts';
// The signature scheme (shared with connector events) is platform/signing.ts'.
import { WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER, signWebhook } from '../platform/signing.ts';
import { readStreamCapped } from '../platform/validate.ts';

export interface ToolWebhookCall {
  url: string;
  secret: string;
  toolId: string;
  functionName: string;
  arguments: Record<string, unknown>;
  agentId: string;
  conversationId: string;
}

export interface ToolWebhookOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxResponseBytes?: number;
  now?: () => Date;
  /** Local development and tests only: allow http://127.0.0.1 / localhost targets. */
  allowLoopback?: boolean;
  signal?: AbortSignal;
}

function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return true;
  const v4 = host.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (host.includes(':')) {
    return (
      host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith('::ffff:')
    );
  }
  return false;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/** Null when the URL is acceptable, else why not. */
export function checkWebhookUrl(raw: string, allowLoopback = false): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'the webhook URL is not a valid URL';
  }
  if (url.username || url.password) return 'the webhook URL must not contain credentials';
  if (allowLoopback && isLoopback(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'the webhook URL must use https';
  if (isPrivateHost(url.hostname)) return 'the webhook URL points to a private address';
  return null;
}

async function readCapped(response: Response, maxBytes: number): Promise<string | null> {
  const bytes = await readStreamCapped(response.body, maxBytes);
  return bytes ? new TextDecoder().decode(bytes) : null;
}

export async function callToolWebhook(call: ToolWebhookCall, options: ToolWebhookOptions = {}): Promise<ToolOutcome> {
  const problem = checkWebhookUrl(call.url, options.allowLoopback);
  if (problem) return { ok: false, error: problem };
  if (!call.secret) return { ok: false, error: 'the tool has no signing secret' };
  const now = (options.now ?? (() => new Date()))();
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    tool: call.functionName,
    toolId: call.toolId,
    arguments: call.arguments,
    agentId: call.agentId,
    conversationId: call.conversationId,
    timestamp,
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await (options.fetch ?? fetch)(call.url, {
      method: 'POST',
      redirect: 'manual',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Concierge-Tool-Webhook/1',
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: await signWebhook(call.secret, timestamp, body),
      },
      body,
    });
    if (response.status >= 300 && response.status < 400)
      return { ok: false, error: 'the webhook answered with a redirect' };
    const text = await readCapped(response, options.maxResponseBytes ?? 64 * 1024);
    if (text === null) return { ok: false, error: 'the webhook answer is too large' };
    if (!response.ok) return { ok: false, error: `the webhook answered ${response.status}` };
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        return { ok: true, result: JSON.parse(text) as unknown };
      } catch {
        return { ok: false, error: 'the webhook answered invalid JSON' };
      }
    }
    return { ok: true, result: text };
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, error: 'the webhook did not answer in time' };
    return {
      ok: false,
      error: `the webhook could not be reached (${error instanceof Error ? error.message : String(error)})`,
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
