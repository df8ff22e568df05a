import { describe, expect, it } from 'vitest';
import { agentSectionLinks, layoutFor, mainNavEntries, mobileMediaQuery, visibleNavEntries } from './navigation.ts';

describe('layoutFor', () => {
  it('uses the full sidebar on ordinary pages', () => {
    for (const path of ['/dashboard', '/agents', '/agents/new', '/profile', '/credits', '/marketplace']) {
      expect(layoutFor(path), path).toEqual({ compact: false, panel: null });
    }
  });
  it('uses the 70 px rail and the admin panel on /admin', () => {
    expect(layoutFor('/admin')).toEqual({ compact: true, panel: { kind: 'admin' } });
    expect(layoutFor('/admin/packs')).toEqual({ compact: true, panel: { kind: 'admin' } });
  });
  it('uses the rail and the numbers panel on /twilio-numbers', () => {
    expect(layoutFor('/twilio-numbers/caller-ids')).toEqual({ compact: true, panel: { kind: 'numbers' } });
  });
  it('uses the rail and the agent panel on per-agent pages', () => {
    expect(layoutFor('/agents/abc-123/configure')).toEqual({
      compact: true,
      panel: { kind: 'agent', agentId: 'abc-123' },
    });
    expect(layoutFor('/agents/a%20b/test')).toEqual({ compact: true, panel: { kind: 'agent', agentId: 'a b' } });
  });
});

describe('main navigation', () => {
  it('hides Marketplace and Administration from non-admins', () => {
    const labels = visibleNavEntries(mainNavEntries, false).map((e) => e.labelKey);
    expect(labels).not.toContain('shell:nav.marketplace');
    expect(labels).not.toContain('shell:nav.admin');
    expect(labels).toContain('shell:nav.agents');
  });
  it('shows exactly the admin-only entries to admins', () => {
    const adminOnly = visibleNavEntries(mainNavEntries, true)
      .filter((e) => e.adminOnly)
      .map((e) => e.labelKey);
    expect(adminOnly).toEqual(['shell:nav.marketplace', 'shell:nav.admin']);
  });
  it('switches to mobile below 768 px', () => {
    expect(mobileMediaQuery).toBe('(max-width: 767px)');
  });
});

describe('agentSectionLinks', () => {
  it('lists dashboard, configure, prompts, deploy, test, branding and calls in order under the agent', () => {
    const links = agentSectionLinks('a b', true);
    expect(links.map((l) => l.page)).toEqual([
      'dashboard',
      'configure',
      'prompts',
      'integrations',
      'test',
      'branding',
      'calls',
    ]);
    expect(links[3]).toMatchObject({ to: '/agents/a%20b/integrations', labelKey: 'shell:agentPanel.integrations' });
  });
  it('enables branding only while the business card is enabled', () => {
    const branding = (enabled: boolean | null) => agentSectionLinks('x', enabled).find((l) => l.page === 'branding');
    expect(branding(true)?.disabled).toBe(false);
    expect(branding(false)?.disabled).toBe(true);
    // Unknown (still loading or failed): not enabled.
    expect(branding(null)?.disabled).toBe(true);
    expect(agentSectionLinks('x', false).filter((l) => l.disabled)).toHaveLength(1);
  });
});
