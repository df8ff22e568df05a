/**
 * The email alert for a notification (Profile › Settings › "Email alerts"): a failed, busy or
 * unanswered call, or low credit, worded in the owner's language (en, fr). Pure: the
 * notification-emails function sends what this returns.
 */
import { escapeHtml, type EmailMessage } from '../email/send.ts';
import { notificationDataSchema, type NotificationKind } from '../contracts/notifications.ts';

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

const CHANNEL: Record<Lang, Record<string, string>> = {
  en: { phone: 'Phone', web_voice: 'Browser voice' },
  fr: { phone: 'téléphonique', web_voice: 'vocal dans le navigateur' },
};
const STATUS: Record<Lang, Record<string, string>> = {
  en: { failed: 'failed', busy: 'was busy', 'no-answer': 'went unanswered' },
  fr: { failed: 'a échoué', busy: 'était occupé', 'no-answer': 'est resté sans réponse' },
};

const TEXT = {
  en: {
    failedSubject: 'A call was not completed',
    failedCall: (channel: string, status: string, from?: string) =>
      `${channel} call${from ? ` from ${from}` : ''} ${status}.`,
    agent: (name: string) => `Agent: ${name}.`,
    lowSubject: 'Your credit is running low',
    lowCredit: (balance: number) =>
      `${balance} credit${balance === 1 ? '' : 's'} left. Top up to keep your agents answering calls.`,
    open: 'Open in Concierge',
    footer: 'You get these emails because email alerts are on in Profile › Settings.',
  },
  fr: {
    failedSubject: 'Un appel n’a pas abouti',
    failedCall: (channel: string, status: string, from?: string) =>
      `L’appel ${channel}${from ? ` de ${from}` : ''} ${status}.`,
    agent: (name: string) => `Agent : ${name}.`,
    lowSubject: 'Vos crédits sont bientôt épuisés',
    lowCredit: (balance: number) =>
      `Il vous reste ${balance} crédit${balance > 1 ? 's' : ''}. Rechargez pour que vos agents continuent de répondre.`,
    open: 'Ouvrir dans Concierge',
    footer: 'Vous recevez ces e-mails car les alertes par e-mail sont activées dans Profil › Paramètres.',
  },
} as const;

/** The email for one notification, or null for a kind that is not emailed. */
export function alertEmail(input: AlertEmailInput): EmailMessage | null {
  const lang: Lang = input.lang === 'fr' ? 'fr' : 'en';
  const t = TEXT[lang];
  const data = notificationDataSchema.parse(input.data ?? {});
  let subject: string;
  const lines: string[] = [];
  if (input.kind === 'failed_call') {
    subject = t.failedSubject;
    const channel = CHANNEL[lang][data.channel ?? ''] ?? CHANNEL[lang].phone!;
    const status = STATUS[lang][data.status ?? ''] ?? STATUS[lang].failed!;
    lines.push(t.failedCall(channel, status, data.from));
    if (data.agentName) lines.push(t.agent(data.agentName));
  } else if (input.kind === 'low_credit') {
    subject = t.lowSubject;
    lines.push(t.lowCredit(data.balance ?? 0));
  } else {
    return null;
  }
  const base = input.consoleUrl?.trim().replace(/\/+$/, '');
  const link = base ? `${base}${input.route}` : null;
  const text = [...lines, ...(link ? ['', `${t.open}: ${link}`] : []), '', t.footer].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t.open)}</a></p>`] : []),
    `<p style="color:#5f6b7c">${escapeHtml(t.footer)}</p>`,
  ].join('');
  return { to: input.recipient, subject, html, text };
}
