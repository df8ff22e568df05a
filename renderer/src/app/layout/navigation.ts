import type { IconName } from '@blueprintjs/core';
import type { ConsoleKey } from '../../i18n/keys.ts';

/** One entry of the main sidebar and its label's message key. */
export interface NavEntry {
  to: string;
  icon: IconName;
  labelKey: ConsoleKey;
  /** Marketplace and Administration are admin-only and carry an Admin badge. */
  adminOnly?: boolean;
}

export const mainNavEntries: NavEntry[] = [
  { to: '/dashboard', icon: 'dashboard', labelKey: 'shell:nav.dashboard' },
  { to: '/agents', icon: 'people', labelKey: 'shell:nav.agents' },
  { to: '/conversations', icon: 'chat', labelKey: 'shell:nav.conversations' },
  { to: '/calls', icon: 'phone-call', labelKey: 'shell:nav.calls' },
  { to: '/analytics', icon: 'timeline-bar-chart', labelKey: 'shell:nav.analytics' },
  { to: '/contacts', icon: 'id-number', labelKey: 'shell:nav.contacts' },
  { to: '/messages', icon: 'envelope', labelKey: 'shell:nav.messages' },
  { to: '/twilio-numbers', icon: 'phone', labelKey: 'shell:nav.numbers' },
  { to: '/credits', icon: 'credit-card', labelKey: 'shell:nav.credits' },
  { to: '/map', icon: 'map', labelKey: 'shell:nav.map' },
  { to: '/marketplace', icon: 'shop', labelKey: 'shell:nav.marketplace', adminOnly: true },
  { to: '/admin', icon: 'key', labelKey: 'shell:nav.admin', adminOnly: true },
];

/** Entries of the mobile bottom bar (the rest is in the drawer). */
export const mobileBarEntries: NavEntry[] = [
  { to: '/dashboard', icon: 'dashboard', labelKey: 'shell:nav.dashboard' },
  { to: '/agents', icon: 'people', labelKey: 'shell:nav.agents' },
  { to: '/twilio-numbers', icon: 'phone', labelKey: 'shell:nav.numbers' },
  { to: '/profile', icon: 'person', labelKey: 'shell:nav.profile' },
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

/** Section links of each second panel. Paths are relative to the section. */
export const adminSectionLinks = [
  { to: '/admin/users', icon: 'people', labelKey: 'shell:adminPanel.users' },
  { to: '/admin/settings', icon: 'cog', labelKey: 'shell:adminPanel.settings' },
  { to: '/admin/billing', icon: 'dollar', labelKey: 'shell:adminPanel.billing' },
  { to: '/admin/packs', icon: 'box', labelKey: 'shell:adminPanel.packs' },
  { to: '/admin/numbers', icon: 'phone', labelKey: 'shell:adminPanel.numbers' },
  { to: '/site-config', icon: 'globe', labelKey: 'shell:adminPanel.siteConfig' },
] as const satisfies readonly { to: string; icon: IconName; labelKey: ConsoleKey }[];

export const numbersSectionLinks = [
  { to: '/twilio-numbers/active', icon: 'phone', labelKey: 'shell:numbersPanel.active' },
  { to: '/twilio-numbers/addresses', icon: 'map-marker', labelKey: 'shell:numbersPanel.addresses' },
  { to: '/twilio-numbers/caller-ids', icon: 'endorsed', labelKey: 'shell:numbersPanel.callerIds' },
] as const satisfies readonly { to: string; icon: IconName; labelKey: ConsoleKey }[];

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

const agentSectionLabels = {
  dashboard: 'shell:agentPanel.dashboard',
  configure: 'shell:agentPanel.configure',
  prompts: 'shell:agentPanel.prompts',
  integrations: 'shell:agentPanel.integrations',
  test: 'shell:agentPanel.test',
  branding: 'shell:agentPanel.branding',
  calls: 'shell:agentPanel.calls',
} as const satisfies Record<AgentSectionPage, ConsoleKey>;

export interface AgentSectionLink {
  page: AgentSectionPage;
  to: string;
  icon: IconName;
  labelKey: ConsoleKey;
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
    labelKey: agentSectionLabels[page],
    disabled: page === 'branding' && businessCardEnabled !== true,
  }));
}

/** Mobile breakpoint: below 768 px the sidebar becomes a drawer + bottom bar. */
export const mobileBreakpointPx = 768;
export const mobileMediaQuery = `(max-width: ${mobileBreakpointPx - 1}px)`;
