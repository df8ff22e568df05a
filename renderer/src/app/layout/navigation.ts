import type { IconName } from '@blueprintjs/core';

/** One entry of the main sidebar; `labelKey` is in the `shell` namespace. */
export interface NavEntry {
  to: string;
  icon: IconName;
  labelKey: string;
  /** Marketplace and Administration are admin-only and carry an Admin badge. */
  adminOnly?: boolean;
}

export const mainNavEntries: NavEntry[] = [
  { to: '/dashboard', icon: 'dashboard', labelKey: 'nav.dashboard' },
  { to: '/agents', icon: 'people', labelKey: 'nav.agents' },
  { to: '/conversations', icon: 'chat', labelKey: 'nav.conversations' },
  { to: '/calls', icon: 'phone-call', labelKey: 'nav.calls' },
  { to: '/analytics', icon: 'timeline-bar-chart', labelKey: 'nav.analytics' },
  { to: '/contacts', icon: 'id-number', labelKey: 'nav.contacts' },
  { to: '/messages', icon: 'envelope', labelKey: 'nav.messages' },
  { to: '/twilio-numbers', icon: 'phone', labelKey: 'nav.numbers' },
  { to: '/credits', icon: 'credit-card', labelKey: 'nav.credits' },
  { to: '/map', icon: 'map', labelKey: 'nav.map' },
  { to: '/marketplace', icon: 'shop', labelKey: 'nav.marketplace', adminOnly: true },
  { to: '/admin', icon: 'key', labelKey: 'nav.admin', adminOnly: true },
];

/** Entries of the mobile bottom bar (the rest is in the drawer). */
export const mobileBarEntries: NavEntry[] = [
  { to: '/dashboard', icon: 'dashboard', labelKey: 'nav.dashboard' },
  { to: '/agents', icon: 'people', labelKey: 'nav.agents' },
  { to: '/twilio-numbers', icon: 'phone', labelKey: 'nav.numbers' },
  { to: '/profile', icon: 'person', labelKey: 'nav.profile' },
];

export function visibleNavEntries(entries: NavEntry[], isAdmin: boolean): NavEntry[] {
  return entries.filter((entry) => !entry.adminOnly || isAdmin);
}

/** The second panel next to the compact rail, by area. */
export type SectionPanel = { kind: 'admin' } | { kind: 'numbers' } | { kind: 'agent'; agentId: string };

export interface LayoutMode {
  /** 70 px icon rail instead of the full sidebar (admin, numbers and per-agent pages). */
  compact: boolean;
  panel: SectionPanel | null;
}

const reservedAgentSegments = new Set(['new']);

export function layoutFor(pathname: string): LayoutMode {
  const segments = pathname.split('/').filter(Boolean);
  const [area, id] = segments;
  // Site SEO is admin content outside /admin: it keeps the admin panel.
  if (area === 'admin' || area === 'site-config') return { compact: true, panel: { kind: 'admin' } };
  if (area === 'twilio-numbers') return { compact: true, panel: { kind: 'numbers' } };
  if (area === 'agents' && id !== undefined && !reservedAgentSegments.has(id)) {
    return { compact: true, panel: { kind: 'agent', agentId: decodeURIComponent(id) } };
  }
  return { compact: false, panel: null };
}

/** Section links of each second panel (labels in `shell`). Paths are relative to the section. */
export const adminSectionLinks = [
  { to: '/admin/users', icon: 'people', labelKey: 'adminPanel.users' },
  { to: '/admin/settings', icon: 'cog', labelKey: 'adminPanel.settings' },
  { to: '/admin/billing', icon: 'dollar', labelKey: 'adminPanel.billing' },
  { to: '/admin/packs', icon: 'box', labelKey: 'adminPanel.packs' },
  { to: '/admin/numbers', icon: 'phone', labelKey: 'adminPanel.numbers' },
  { to: '/site-config', icon: 'globe', labelKey: 'adminPanel.siteConfig' },
] as const satisfies readonly { to: string; icon: IconName; labelKey: string }[];

export const numbersSectionLinks = [
  { to: '/twilio-numbers/active', icon: 'phone', labelKey: 'numbersPanel.active' },
  { to: '/twilio-numbers/addresses', icon: 'map-marker', labelKey: 'numbersPanel.addresses' },
  { to: '/twilio-numbers/caller-ids', icon: 'endorsed', labelKey: 'numbersPanel.callerIds' },
] as const satisfies readonly { to: string; icon: IconName; labelKey: string }[];

/** The links under an agent, in order: edit (dashboard), configure, prompts, integrations, test, branding, calls. */
export const agentSectionPages = [
  'dashboard',
  'configure',
  'prompts',
  'integrations',
  'test',
  'branding',
  'calls',
] as const;
export type AgentSectionPage = (typeof agentSectionPages)[number];
export const agentSectionIcons: Record<AgentSectionPage, IconName> = {
  dashboard: 'dashboard',
  configure: 'cog',
  prompts: 'manual',
  integrations: 'rocket-slant',
  test: 'play',
  branding: 'style',
  calls: 'phone-call',
};

export interface AgentSectionLink {
  page: AgentSectionPage;
  to: string;
  icon: IconName;
  labelKey: `agentPanel.${AgentSectionPage}`;
  disabled: boolean;
}

/**
 * The per-agent panel's links: branding is enabled only while the agent's virtual
 * business card is enabled; `businessCardEnabled` is null while unknown, which keeps it disabled.
 */
export function agentSectionLinks(agentId: string, businessCardEnabled: boolean | null): AgentSectionLink[] {
  const base = `/agents/${encodeURIComponent(agentId)}`;
  return agentSectionPages.map((page) => ({
    page,
    to: `${base}/${page}`,
    icon: agentSectionIcons[page],
    labelKey: `agentPanel.${page}`,
    disabled: page === 'branding' && businessCardEnabled !== true,
  }));
}

/** Mobile breakpoint: below 768 px the sidebar becomes a drawer + bottom bar. */
export const mobileBreakpointPx = 768;
export const mobileMediaQuery = `(max-width: ${mobileBreakpointPx - 1}px)`;
