/**
 * An agent's subdomain, one definition for the console, the public site, the site server and the
 * functions. Postgres restates it (agents_subdomain_check, private.normalise_agent,
 * private.reserved_subdomains, public.subdomain_available); tests/integration/contracts/rules.test.ts
 * runs one table of cases through both.
 *
 * The stored value is one DNS label of 3 to 63 characters: lowercase letters, digits and inner
 * hyphens (`-bakery` and `bakery-` are refused), and not a reserved name.
 */
// zod/mini: the public page checks the subdomain it names before it can draw an agent, and the
// full zod library would more than double the code it waits for.
import { z } from 'zod/mini';

export const SUBDOMAIN_MIN_LENGTH = 3;
export const SUBDOMAIN_MAX_LENGTH = 63;

/** agents_subdomain_check: `^[a-z0-9-]{3,63}$` and no edge hyphen. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

/**
 * Names people read as the platform's own (admin, login, billing...) or that hosting and mail
 * conventions use (www, mail, autodiscover...): an agent page there would be a ready-made phishing
 * page. `demo` stays claimable: the seeded demo agent and /test-agent use it.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'abuse',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'apps',
  'assets',
  'auth',
  'autoconfig',
  'autodiscover',
  'billing',
  'blog',
  'cdn',
  'checkout',
  'concierge',
  'console',
  'dashboard',
  'dev',
  'docs',
  'email',
  'files',
  'ftp',
  'graphql',
  'help',
  'hostmaster',
  'imap',
  'internal',
  'localhost',
  'login',
  'logout',
  'mail',
  'media',
  'no-reply',
  'noreply',
  'ns1',
  'ns2',
  'oauth',
  'pay',
  'payment',
  'payments',
  'pop',
  'pop3',
  'portal',
  'postmaster',
  'realtime',
  'register',
  'root',
  'secure',
  'security',
  'settings',
  'signin',
  'signup',
  'smtp',
  'sso',
  'staging',
  'static',
  'status',
  'storage',
  'support',
  'system',
  'webmail',
  'webmaster',
  'widget',
  'www',
];

const reserved = new Set(RESERVED_SUBDOMAINS);

/**
 * What the database stores for a written value (private.normalise_agent: `lower(btrim(...))`).
 * Only spaces are trimmed, as Postgres' btrim does: a tab stays and makes the value invalid.
 */
export function canonicalSubdomain(raw: string): string {
  return raw.replace(/^ +| +$/g, '').toLowerCase();
}

/** The form field as the owner types: lowercase, anything but a-z, 0-9 and hyphen dropped, ≤ 63. */
export function typedSubdomain(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, SUBDOMAIN_MAX_LENGTH);
}

/** A stored value's shape (the check constraint), reserved names aside. */
export function isValidSubdomain(subdomain: string): boolean {
  return SUBDOMAIN_PATTERN.test(subdomain);
}

export function isReservedSubdomain(subdomain: string): boolean {
  return reserved.has(subdomain);
}

/** What subdomain_available says before looking at other agents: valid and not reserved. */
export function isClaimableSubdomain(subdomain: string): boolean {
  return isValidSubdomain(subdomain) && !isReservedSubdomain(subdomain);
}

export type SubdomainProblem = 'tooShort' | 'tooLong' | 'invalidCharacters' | 'invalidEdges' | 'reserved';

/** Why a (canonical) subdomain cannot be claimed, the first reason a form should show, or null. */
export function subdomainProblem(subdomain: string): SubdomainProblem | null {
  if (subdomain.length < SUBDOMAIN_MIN_LENGTH) return 'tooShort';
  if (subdomain.length > SUBDOMAIN_MAX_LENGTH) return 'tooLong';
  if (!/^[a-z0-9-]+$/.test(subdomain)) return 'invalidCharacters';
  if (subdomain.startsWith('-') || subdomain.endsWith('-')) return 'invalidEdges';
  if (isReservedSubdomain(subdomain)) return 'reserved';
  return null;
}

/**
 * A subdomain naming an existing agent in a request (agent-chat, voice-session, owner-assist):
 * canonicalised as the database does, then the stored shape. Reserved names pass: an agent created
 * before a name was reserved keeps it.
 */
export const subdomainSchema = z.pipe(
  z.pipe(z.string({ error: 'subdomain must be a string.' }), z.transform(canonicalSubdomain)),
  z.string().check(z.regex(SUBDOMAIN_PATTERN, { error: 'subdomain must be 3 to 63 letters, digits or hyphens.' })),
);

/**
 * A claimable subdomain suggested from a business name: accents dropped, words joined by hyphens,
 * at most 30 characters cut at a word boundary; '' when nothing claimable is left.
 */
export function suggestSubdomain(source: string): string {
  const kebab = source
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Longer names are cut at a word boundary rather than mid-word ("…-butte", not "…-butte-m").
  const boundary = kebab.length > 30 ? kebab.lastIndexOf('-', 30) : -1;
  const cut = (boundary >= SUBDOMAIN_MIN_LENGTH ? kebab.slice(0, boundary) : kebab.slice(0, 30)).replace(/-+$/g, '');
  return isClaimableSubdomain(cut) ? cut : '';
}

/**
 * What to try, in order, when a suggested subdomain may already be taken: the suggestion itself,
 * then the same with -2 … -9 (the name cut so the whole stays within 30 characters).
 */
export function subdomainCandidates(suggestion: string): string[] {
  if (suggestion === '') return [];
  const numbered = Array.from({ length: 8 }, (_, i) => {
    const suffix = `-${i + 2}`;
    return `${suggestion.slice(0, 30 - suffix.length).replace(/-+$/g, '')}${suffix}`;
  });
  return [suggestion, ...numbered].filter(isClaimableSubdomain);
}
