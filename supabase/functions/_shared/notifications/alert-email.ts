/**
 * The email alert for a notification (Profile › Settings › "Email alerts"): a failed, busy or
 * unanswered call, or low credit, worded in the owner's language (en, fr). Pure: the
 * notification-emails function sends what this returns.
 */
import { escapeHtml, type EmailMessage } from '../email/send.ts';
import { notificationDataSchema, type NotificationKind } from '../contracts/notifications.ts';
import { serverText, type ServerTextKey } from '../text/catalogue.ts';

/** The kinds that are also emailed (new conversations stay in the feed and the desktop app). */
export const EMAILED_KINDS = ['failed_call', 'low_credit'] as const satisfies readonly NotificationKind[];

export interface AlertEmailInput {
  recipient: string;
  lang: string;
  kind: string;
  route: string;
  data: unknown;
  /** The console's base URL, for a link to the related page (none when not configured). */
  consoleUrl?: string | undefined;
}

type Lang = 'en' | 'fr';

const CHANNEL: Record<string, ServerTextKey> = { phone: 'alert.channel.phone', web_voice: 'alert.channel.webVoice' };
const STATUS: Record<string, ServerTextKey> = {
  failed: 'alert.status.failed',
  busy: 'alert.status.busy',
  'no-answer': 'alert.status.noAnswer',
};

/** One credit, or several: French puts 0 and 1 in the singular, English only 1. */
function lowCreditKey(lang: Lang, balance: number): ServerTextKey {
  const singular = lang === 'fr' ? balance <= 1 : balance === 1;
  return singular ? 'alert.lowCredit.one' : 'alert.lowCredit.other';
}

/** The email for one notification, or null for a kind that is not emailed. */
export function alertEmail(input: AlertEmailInput): EmailMessage | null {
  const lang: Lang = input.lang === 'fr' ? 'fr' : 'en';
  const t = (key: ServerTextKey, values?: Record<string, string>) => serverText(key, lang, values);
  const data = notificationDataSchema.parse(input.data ?? {});
  let subject: string;
  const lines: string[] = [];
  if (input.kind === 'failed_call') {
    subject = t('alert.failedSubject');
    const channel = t(CHANNEL[data.channel ?? ''] ?? 'alert.channel.phone');
    const status = t(STATUS[data.status ?? ''] ?? 'alert.status.failed');
    lines.push(
      data.from
        ? t('alert.failedCallFrom', { channel, status, from: data.from })
        : t('alert.failedCall', { channel, status }),
    );
    if (data.agentName) lines.push(t('alert.agent', { name: data.agentName }));
  } else if (input.kind === 'low_credit') {
    subject = t('alert.lowSubject');
    const balance = data.balance ?? 0;
    lines.push(t(lowCreditKey(lang, balance), { balance: String(balance) }));
  } else {
    return null;
  }
  const base = input.consoleUrl?.trim().replace(/\/+$/, '');
  const link = base ? `${base}${input.route}` : null;
  const text = [...lines, ...(link ? ['', `${t('alert.open')}: ${link}`] : []), '', t('alert.footer')].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t('alert.open'))}</a></p>`] : []),
    `<p style="color:#5f6b7c">${escapeHtml(t('alert.footer'))}</p>`,
  ].join('');
  return { to: input.recipient, subject, html, text };
}
