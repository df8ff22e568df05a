import { describe, expect, it } from 'vitest';
import { alertEmail } from './alert-email.ts';

describe('email alerts', () => {
  it('words an unanswered call in English, with the agent and a link when the console URL is known', () => {
    const email = alertEmail({
      recipient: 'owner@example.com',
      lang: 'en',
      kind: 'failed_call',
      route: '/agents/a1/calls',
      data: { channel: 'phone', status: 'no-answer', from: '+33612345678', agentName: 'Clara' },
      consoleUrl: 'https://console.example.com/',
    });
    expect(email).toEqual({
      to: 'owner@example.com',
      subject: 'A call was not completed',
      text: [
        'Phone call from +33612345678 went unanswered.',
        'Agent: Clara.',
        '',
        'Open in Concierge: https://console.example.com/agents/a1/calls',
        '',
        'You get these emails because email alerts are on in Profile › Settings.',
      ].join('\n'),
      html: expect.stringContaining('<a href="https://console.example.com/agents/a1/calls">Open in Concierge</a>'),
    });
  });

  it('words low credit in French, without a link when no console URL is configured', () => {
    const email = alertEmail({
      recipient: 'proprio@example.com',
      lang: 'fr',
      kind: 'low_credit',
      route: '/credits',
      data: { balance: 5 },
    });
    expect(email?.subject).toBe('Vos crédits sont bientôt épuisés');
    expect(email?.text).toContain('Il vous reste 5 crédits.');
    expect(email?.text).not.toContain('http');
    expect(email?.html).not.toContain('<a ');
    expect(
      alertEmail({
        recipient: 'p@example.com',
        lang: 'fr',
        kind: 'failed_call',
        route: '/calls',
        data: { status: 'busy', channel: 'phone', from: '+33612345678' },
      })?.text,
    ).toMatch(/^L’appel téléphonique de \+33612345678 était occupé\./);
  });

  it('escapes what callers and owners typed (agent names) in the HTML', () => {
    const email = alertEmail({
      recipient: 'owner@example.com',
      lang: 'en',
      kind: 'failed_call',
      route: '/calls',
      data: { channel: 'web_voice', status: 'failed', agentName: '<script>x</script>' },
    });
    expect(email?.text).toContain('Browser voice call failed.');
    expect(email?.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(email?.html).not.toContain('<script>');
  });

  it('does not email new conversations', () => {
    expect(alertEmail({ recipient: 'o@example.com', lang: 'en', kind: 'new_conversation', route: '/', data: {} })).toBe(
      null,
    );
  });
});
