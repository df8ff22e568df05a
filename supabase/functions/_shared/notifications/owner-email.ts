/**
 * The emails of the two other Profile › Settings toggles (migration 20261128170000): the monthly
 * usage report ("Usage reports") and an admin's feature announcement ("Feature announcements"),
 * worded in the owner's language (en, fr). Pure: the notification-emails function sends what
 * these return; the figures and the announcement's text were fixed by Postgres when queued.
 */
import { z } from 'zod';
import { escapeHtml, type EmailMessage } from '../email/send.ts';

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

const TEXT = {
  en: {
    subject: (month: string) => `Your Concierge usage for ${month}`,
    intro: (month: string) => `Here is what your agents did in ${month} (UTC).`,
    conversations: (list: string) => `Conversations: ${list}`,
    channel: { web_chat: 'Web chat', web_voice: 'Browser voice', phone: 'Phone', whatsapp: 'WhatsApp' },
    calls: (calls: number, minutes: number) => `Calls: ${calls} (${minutes} min)`,
    messages: (n: number) => `Messages: ${n}`,
    credits: (n: number) => `Credits used: ${n}`,
    none: 'none',
    open: 'Open your dashboard',
    reportFooter: 'You get this email because usage reports are on in Profile › Settings.',
    announcementFooter: 'You get this email because feature announcements are on in Profile › Settings.',
  },
  fr: {
    subject: (month: string) => `Votre utilisation de Concierge en ${month}`,
    intro: (month: string) => `Voici ce que vos agents ont fait en ${month} (UTC).`,
    conversations: (list: string) => `Conversations : ${list}`,
    channel: { web_chat: 'Chat web', web_voice: 'Voix dans le navigateur', phone: 'Téléphone', whatsapp: 'WhatsApp' },
    calls: (calls: number, minutes: number) => `Appels : ${calls} (${minutes} min)`,
    messages: (n: number) => `Messages : ${n}`,
    credits: (n: number) => `Crédits utilisés : ${n}`,
    none: 'aucune',
    open: 'Ouvrir votre tableau de bord',
    reportFooter: 'Vous recevez cet e-mail car les rapports d’utilisation sont activés dans Profil › Paramètres.',
    announcementFooter:
      'Vous recevez cet e-mail car les annonces de fonctionnalités sont activées dans Profil › Paramètres.',
  },
} as const;

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
  const t = TEXT[lang];
  const report = reportSchema.parse(input.data ?? {});
  const month = monthName(report.month, lang);
  const byChannel = CHANNELS.filter((c) => (report.conversations[c] ?? 0) > 0).map(
    (c) => `${t.channel[c]} ${report.conversations[c]}`,
  );
  const lines = [
    t.intro(month),
    t.conversations(byChannel.length ? byChannel.join(', ') : t.none),
    t.calls(report.calls, report.minutes),
    t.messages(report.messages),
    t.credits(report.creditsUsed),
  ];
  const base = input.consoleUrl?.trim().replace(/\/+$/, '');
  const link = base ? { url: `${base}${input.route}`, label: t.open } : null;
  return compose(input.recipient, t.subject(month), lines, t.reportFooter, link);
}

/** An admin's feature announcement: their subject and text, as written (one language). */
export function announcementEmail(input: OwnerEmailInput): EmailMessage {
  const lang: Lang = input.lang === 'fr' ? 'fr' : 'en';
  const { subject, body } = announcementSchema.parse(input.data ?? {});
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return compose(input.recipient, subject, paragraphs, TEXT[lang].announcementFooter, null);
}
