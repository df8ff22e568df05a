import { isAllowedExternalUrl, type ExternalLinkPolicy } from './externalLinks.ts';

/**
 * What to do when the renderer tries to navigate or open a window. Pure, unit-tested.
 *
 * The window only ever shows our own origin (app://concierge, or the Vite dev server in
 * development). Anything else is either handed to the OS browser (allow-listed http(s) links) or
 * refused: a compromised or confused renderer can never load a remote page with the preload API.
 */
export type NavigationDecision = 'allow' | 'open-external' | 'deny';

export interface NavigationPolicy {
  /** Origins the window may show, e.g. `app://concierge` and, in dev, `http://localhost:5180`. */
  appOrigins: readonly string[];
  external: ExternalLinkPolicy;
}

function originOf(raw: string): string | null {
  try {
    const url = new URL(raw);
    // `URL.origin` is "null" for non-special schemes such as app:; rebuild it from its parts.
    return url.origin !== 'null' ? url.origin : `${url.protocol}//${url.host}`;
  } catch {
    return null;
  }
}

export function isAppUrl(raw: string, policy: Pick<NavigationPolicy, 'appOrigins'>): boolean {
  const origin = originOf(raw);
  return origin !== null && policy.appOrigins.includes(origin);
}

/** `will-navigate` / `will-redirect`: in-app moves stay, external links go to the OS browser. */
export function decideNavigation(target: string, policy: NavigationPolicy): NavigationDecision {
  if (isAppUrl(target, policy)) return 'allow';
  return isAllowedExternalUrl(target, policy.external) ? 'open-external' : 'deny';
}

/** `setWindowOpenHandler`: the app never opens a second Electron window. */
export function decideWindowOpen(target: string, policy: NavigationPolicy): Exclude<NavigationDecision, 'allow'> {
  return isAllowedExternalUrl(target, policy.external) ? 'open-external' : 'deny';
}
