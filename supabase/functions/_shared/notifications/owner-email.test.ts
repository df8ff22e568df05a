import { describe, expect, it } from 'vitest';
import { announcementEmail, usageReportEmail } from './owner-email.ts';

const report = {
  month: '2026-10',
  conversations: { whatsapp: 1, web_chat: 2 },
  calls: 1,
  minutes: 3,
  messages: 12,
  creditsUsed: 7,
};

describe('owner emails', () => {
  it('words the usage report in French for a French owner, with a link to the dashboard', () => {
    const email = usageReportEmail({
      recipient: 'a@example.com',
      lang: 'fr',
      route: '/dashboard',
      data: report,
      consoleUrl: 'https://console.test/',
    });
    expect(email.subject).toBe('Votre utilisation de Concierge en octobre 2026');
    expect(email.text).toContain('Conversations : Chat web 2, WhatsApp 1');
    expect(email.text).toContain('Appels : 1 (3 min)');
    expect(email.text).toContain('Crédits utilisés : 7');
    expect(email.text).toContain('https://console.test/dashboard');
  });

  it('says "none" for a month without conversations', () => {
    const email = usageReportEmail({
      recipient: 'a@example.com',
      lang: 'en',
      route: '/dashboard',
      data: { month: '2026-10' },
    });
    expect(email.text).toContain('Conversations: none');
    expect(email.text).not.toContain('http');
  });

  it('sends an announcement as written, escaped in HTML, with the footer in the owner’s language', () => {
    const email = announcementEmail({
      recipient: 'a@example.com',
      lang: 'fr',
      route: '/',
      data: { subject: 'New <b>tool</b>', body: 'One.\n\nTwo & three.' },
    });
    expect(email.subject).toBe('New <b>tool</b>');
    expect(email.html).toContain('<p>Two &amp; three.</p>');
    expect(email.text).toContain('les annonces de fonctionnalités sont activées');
  });
});
