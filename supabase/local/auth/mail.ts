import type { Email } from '../core/contracts.ts';

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
