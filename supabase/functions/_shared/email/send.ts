/**
 * The platform's one way to send an email (agent tools, email alerts): EMAIL_API_URL (+
 * EMAIL_API_KEY) gets `POST {from, to, subject, html, text}` as JSON; locally the stack sets it to
 * its inbox (`POST /_local/inbox`), so mail lands in the local inbox. Or RESEND_API_KEY (Resend's
 * /emails API, same JSON). EMAIL_FROM is the sender.
 */
export interface EmailEnv {
  get(name: string): string | undefined;
}

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export type EmailAnswer =
  | { ok: true; provider: string; providerId: string | null }
  | { ok: false; provider: string; status: number | null; error: string };

export function emailConfigured(env: EmailEnv): boolean {
  return Boolean(env.get('EMAIL_API_URL')?.trim() || env.get('RESEND_API_KEY')?.trim());
}

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sends one email; null when no provider is configured. Network errors reject. */
export async function sendEmail(
  env: EmailEnv,
  message: EmailMessage,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<EmailAnswer | null> {
  const url = env.get('EMAIL_API_URL')?.trim();
  const resendKey = env.get('RESEND_API_KEY')?.trim();
  if (!url && !resendKey) return null;
  const endpoint = url || 'https://api.resend.com/emails';
  const key = url ? env.get('EMAIL_API_KEY')?.trim() : resendKey;
  const provider = url ? 'email_api' : 'resend';
  const from = env.get('EMAIL_FROM')?.trim() || 'Concierge <no-reply@concierge.local>';
  const response = await (options.fetch ?? fetch)(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ from, ...message }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    const answer = (await response.text().catch(() => '')).slice(0, 300);
    return {
      ok: false,
      provider,
      status: response.status,
      error: `the email provider answered ${response.status}: ${answer}`,
    };
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
  return { ok: true, provider, providerId: typeof body?.id === 'string' ? body.id : null };
}
