import { describe, expect, it } from 'vitest';
import { decideNavigation, decideWindowOpen, isAppUrl } from './navigation.ts';

const policy = {
  appOrigins: ['app://concierge'],
  external: { hosts: ['supabase.com'], allowLoopback: false },
};

describe('navigation lockdown', () => {
  it('keeps in-app navigation', () => {
    expect(decideNavigation('app://concierge/agents/1', policy)).toBe('allow');
    expect(isAppUrl('app://concierge', policy)).toBe(true);
  });

  it('sends allow-listed links to the OS browser', () => {
    expect(decideNavigation('https://supabase.com/dashboard', policy)).toBe('open-external');
  });

  it('denies everything else', () => {
    expect(decideNavigation('https://evil.example/', policy)).toBe('deny');
    expect(decideNavigation('app://other/', policy)).toBe('deny');
    expect(decideNavigation('file:///etc/passwd', policy)).toBe('deny');
    expect(decideNavigation('http://localhost:5180/', policy)).toBe('deny');
    expect(decideNavigation('garbage', policy)).toBe('deny');
  });

  it('allows the dev server only when it is one of the app origins', () => {
    const dev = { ...policy, appOrigins: ['app://concierge', 'http://localhost:5180'] };
    expect(decideNavigation('http://localhost:5180/login', dev)).toBe('allow');
    expect(decideNavigation('http://localhost:5181/', dev)).toBe('deny');
  });

  it('never opens a new app window', () => {
    expect(decideWindowOpen('app://concierge/agents', policy)).toBe('deny');
    expect(decideWindowOpen('https://supabase.com/', policy)).toBe('open-external');
    expect(decideWindowOpen('https://evil.example/', policy)).toBe('deny');
  });
});
