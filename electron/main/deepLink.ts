import { DEEP_LINK_SCHEME, deepLinkEventSchema } from '../shared/ipc-contract.ts';

/**
 * Finds the `concierge://` URL the OS passed us. On Windows and Linux a deep link arrives as a
 * command-line argument (of the first or a second instance); on macOS through `open-url`. Pure.
 */
export function findDeepLink(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (!arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) continue;
    return parseDeepLink(arg);
  }
  return null;
}

/** A well-formed `concierge://` URL, or null. */
export function parseDeepLink(raw: string): string | null {
  if (!deepLinkEventSchema.safeParse({ url: raw }).success) return null;
  try {
    const url = new URL(raw);
    return url.protocol === `${DEEP_LINK_SCHEME}:` ? url.toString() : null;
  } catch {
    return null;
  }
}
