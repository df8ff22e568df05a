/**
 * The emails of the two other Profile › Settings toggles (migration 20261128170000): the monthly
 * usage report ("Usage reports") and an admin's feature announcement ("Feature announcements"),
 * worded in the owner's language (en, fr). Pure: the notification-emails function sends what
 * these return; the figures and the announcement's text were fixed by Postgres when queued.
 */
import { z } from 'zod';
import { escapeHtml, type EmailMessage } from '../email/send.ts';
import { serverText, type ServerTextKey } from '../text/catalogue.ts';

export interface OwnerEmailInput {
  recipient: string;
  lang: string;
  route: string;
  data: unknown;
  consoleUrl?: string | undefined;
}

type Lang = 'en' | 'fr';

const reportSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  conversations: z.record(z.string(), z.number()).default({}),
  calls: z.number().default(0),
  minutes: z.number().default(0),
  messages: z.number().default(0),
  creditsUsed: z.number().default(0),
});

const announcementSchema = z.object({ subject: z.string().min(1), body: z.string().min(1) });

const CHANNELS = ['web_chat', 'web_voice', 'phone', 'whatsapp'] as const;

const CHANNEL_TEXT = {
  web_chat: 'report.channel.webChat',
  web_voice: 'report.channel.webVoice',
  phone: 'report.channel.phone',
  whatsapp: 'report.channel.whatsapp',
} as const satisfies Record<(typeof CHANNELS)[number], ServerTextKey>;

function monthName(month: string, lang: Lang): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, m - 1, 1)));
}

function compose(
  to: string,
  subject: string,
  lines: string[],
  footer: string,
  link: { url: string; label: string } | null,
): EmailMessage {
  const text = [...lines, ...(link ? ['', `${link.label}: ${link.url}`] : []), '', footer].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line).replace(/\n/g, '<br>')}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    `<p style="color:#5f6b7c">${escapeHtml(footer)}</p>`,
  ].join('');
  return { to, subject, html, text };
}

/** The monthly usage report. */
export function usageReportEmail(input: OwnerEmailInput): EmailMessage {
  const lang: Lang = input.lang === 'fr' ? 'fr' : 'en';
  const t = (key: ServerTextKey, values?: Record<string, string>) => serverText(key, lang, values);
  const report = reportSchema.parse(input.data ?? {});
  const month = monthName(report.month, lang);
  const byChannel = CHANNELS.filter((c) => (report.conversations[c] ?? 0) > 0).map(
    (c) => `${t(CHANNEL_TEXT[c])} ${report.conversations[c]}`,
  );
  const lines = [
    t('report.intro', { month }),
    t('report.conversations', { list: byChannel.length ? byChannel.join(', ') : t('report.none') }),
    t('report.calls', { calls: String(report.calls), minutes: String(report.minutes) }),
    t('report.messages', { count: String(report.messages) }),
    t('report.credits', { count: String(report.creditsUsed) }),
  ];
  const base = input.consoleUrl?.trim().replace(/\/+$/, '');
  const link = base ? { url: `${base}${input.route}`, label: t('report.open') } : null;
  return compose(input.recipient, t('report.subject', { month }), lines, t('report.footer'), link);
}

/** An admin's feature announcement: their subject and text, as written (one language). */
export function announcementEmail(input: OwnerEmailInput): EmailMessage {
  const lang: Lang = input.lang === 'fr' ? 'fr' : 'en';
  const { subject, body } = announcementSchema.parse(input.data ?? {});
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return compose(input.recipient, subject, paragraphs, serverText('announcement.footer', lang), null);
}
