/**
 * `POST /functions/v1/notification-emails` (service role only: a scheduler, see README
 * "Notifications and deep links"). Sends the emails queued by Postgres through the platform's
 * email sender (locally the stack's inbox): email alerts (migration 20261128130000: a failed call
 * or low-credit notification of an owner with "Email alerts" on), monthly usage reports (each run
 * first asks Postgres to queue last month's, once per owner with "Usage reports" on) and admins'
 * feature announcements (migration 20261128170000). Each run claims due emails
 * under a lease (`claim_notification_emails`), so overlapping runs never send one twice; an email
 * the provider refused with a 4xx (not 408/429) fails at once, any other failure is retried after
 * 1, 4, 16 and 64 minutes, then failed. With no email provider configured nothing is claimed.
 * Body (all optional): {maxEmails}. Answer: {claimed, sent, retrying, failed}.
 */
import { z } from 'zod';
import { emailConfigured, sendEmail } from '../_shared/email/send.ts';
import { alertEmail } from '../_shared/notifications/alert-email.ts';
import { announcementEmail, usageReportEmail } from '../_shared/notifications/owner-email.ts';
import { createFunctionApp, jsonResponse, parseOptionalJsonBody, type FunctionEnv } from '../_shared/platform/index.ts';

export type { FunctionEnv };

export const MAX_ATTEMPTS = 5;
const RETRY_BASE_SECONDS = 60;
const SEND_TIMEOUT_MS = 10_000;

const input = z.object({ maxEmails: z.number().int().min(1).max(100).optional() }).strict();

interface ClaimedEmail {
  id: string;
  recipient: string;
  lang: string;
  kind: string;
  route: string;
  data: unknown;
  attempts: number;
}

type Outcome = 'sent' | 'retrying' | 'failed';

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('notification-emails', env);
  // Service role: a scheduler's job across every owner's queued alerts.
  const service = fn.service();

  async function record(id: string, outcome: { sent: boolean; error?: string; retryInSeconds?: number }) {
    const { error } = await service.rpc('record_notification_email', {
      email_id: id,
      sent: outcome.sent,
      ...(outcome.error ? { error: outcome.error } : {}),
      ...(outcome.retryInSeconds ? { retry_in_seconds: outcome.retryInSeconds } : {}),
    });
    if (error) throw new Error(`recording an email alert failed: ${error.message}`);
  }

  async function deliver(email: ClaimedEmail): Promise<Outcome> {
    const input = { ...email, consoleUrl: env.get('CONSOLE_URL') };
    const message =
      email.kind === 'usage_report'
        ? usageReportEmail(input)
        : email.kind === 'announcement'
          ? announcementEmail(input)
          : alertEmail(input);
    if (!message) {
      await record(email.id, { sent: false, error: `no email for a ${email.kind} notification` });
      return 'failed';
    }
    let error: string;
    let retryable = true;
    try {
      const answer = await sendEmail(env, message, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (answer?.ok) {
        await record(email.id, { sent: true });
        return 'sent';
      }
      error = answer?.error ?? 'no email provider configured';
      const status = answer && !answer.ok ? answer.status : null;
      retryable = status === null || status === 408 || status === 429 || status >= 500;
    } catch (thrown) {
      error = `sending failed: ${String(thrown)}`;
    }
    if (!retryable || email.attempts >= MAX_ATTEMPTS) {
      await record(email.id, { sent: false, error });
      return 'failed';
    }
    await record(email.id, { sent: false, error, retryInSeconds: RETRY_BASE_SECONDS * 4 ** (email.attempts - 1) });
    return 'retrying';
  }

  fn.post('/', async (c) => {
    fn.auth.requireServiceRole(c.req.raw, 'the email alert sender');
    const options = await parseOptionalJsonBody(c.req.raw, input);
    const counts = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
    if (!emailConfigured(env)) return jsonResponse(counts);
    // The first run after a month ends queues its usage reports (once per owner and month).
    const reports = await service.rpc('queue_usage_reports', {});
    if (reports.error) throw new Error(`queuing usage reports failed: ${reports.error.message}`);
    const { data, error } = await service.rpc('claim_notification_emails', { max_emails: options.maxEmails ?? 20 });
    if (error) throw new Error(`claiming email alerts failed: ${error.message}`);
    const claimed = (data ?? []) as ClaimedEmail[];
    counts.claimed = claimed.length;
    for (const email of claimed) counts[await deliver(email)] += 1;
    return jsonResponse(counts);
  });

  return fn.handler();
}
