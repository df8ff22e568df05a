import type { Email } from '../core/contracts.ts';
import { parseTemplate, renderTemplate, type TemplateData } from './template.ts';

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change_new' | 'email_change_current';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const COPY: Record<MailKind, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    intro: 'Follow this link to confirm your email address:',
    action: 'Confirm your email',
  },
  invite: {
    subject: 'You have been invited',
    intro: 'You have been invited to create an account. Follow this link to accept the invite:',
    action: 'Accept the invite',
  },
  magiclink: { subject: 'Your Magic Link', intro: 'Follow this link to sign in:', action: 'Sign in' },
  recovery: {
    subject: 'Reset Your Password',
    intro: 'Follow this link to reset the password for your account:',
    action: 'Reset password',
  },
  email_change_new: {
    subject: 'Confirm Email Change',
    intro: 'Follow this link to confirm the change of your email to this address:',
    action: 'Confirm the new email',
  },
  email_change_current: {
    subject: 'Confirm Email Change',
    intro: 'Follow this link to confirm the change of email away from this address:',
    action: 'Confirm the email change',
  },
};

/** GoTrue-like default templates: the verify link plus the one-time code for in-app entry. */
export function renderMail(kind: MailKind, to: string, link: string, otp: string, newEmail?: string): Email {
  const copy = COPY[kind];
  const change = newEmail ? ` (${newEmail})` : '';
  const text = `${copy.intro}${change}\n\n${link}\n\nAlternatively, enter the code: ${otp}\n\nIf you did not ask for this, you can ignore this email.\n`;
  const html = `<h2>${escapeHtml(copy.subject)}</h2>
<p>${escapeHtml(copy.intro + change)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(copy.action)}</a></p>
<p>Alternatively, enter the code: <strong>${escapeHtml(otp)}</strong></p>
<p>If you did not ask for this, you can ignore this email.</p>`;
  return { to, subject: copy.subject, html, text };
}

/** The config.toml template name of each kind of email, as Supabase Auth names them. */
const TEMPLATE_NAME: Record<MailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change_new: 'email_change',
  email_change_current: 'email_change',
};

export interface MailTemplateInput {
  templates: Record<string, { subject?: string; content?: string }>;
  /** What Supabase Auth gives its templates: ConfirmationURL, Token, TokenHash, SiteURL, RedirectTo, Email, NewEmail, Data. */
  data: TemplateData;
}

/**
 * The email as config.toml's [auth.email.template.*] words it (subject and body are templates,
 * e.g. one language per user's `lang`), falling back to the defaults for what is not configured.
 */
export function renderConfiguredMail(
  kind: MailKind,
  to: string,
  link: string,
  otp: string,
  newEmail: string | undefined,
  input: MailTemplateInput,
): Email {
  const fallback = renderMail(kind, to, link, otp, newEmail);
  const template = input.templates[TEMPLATE_NAME[kind]];
  if (!template) return fallback;
  const name = `[auth.email.template.${TEMPLATE_NAME[kind]}]`;
  const subject = template.subject
    ? renderTemplate(parseTemplate(template.subject, name), input.data, (v) => v).trim()
    : fallback.subject;
  if (!template.content) return { ...fallback, subject };
  const html = renderTemplate(parseTemplate(template.content, name), input.data, escapeHtml);
  const text = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label} ${href}`)
    .replace(/<(br|\/p|\/h[1-6]|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
  return { to, subject, html, text: `${text}\n` };
}
