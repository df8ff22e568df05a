/**
 * Which links may leave the app for the OS browser. Pure (no Electron import) so it is unit-tested.
 *
 * Only https (and http for loopback, where the local stack's inbox and public site live) to a host
 * on the allow-list or one of its subdomains; never URLs carrying credentials, never other schemes
 * (file:, javascript:, smb: ... could run or leak something through the OS handler).
 */

/** Services the console links to (docs, consoles of the providers it configures). */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = [
  'supabase.com',
  'openai.com',
  'platform.openai.com',
  'twilio.com',
  'whatsapp.com',
  'facebook.com',
  'business.facebook.com',
  'google.com',
  'github.com',
  'youtube.com',
  'youtu.be',
];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface ExternalLinkPolicy {
  /** Hosts (and their subdomains) allowed over https. */
  hosts: readonly string[];
  /** Allow http(s) to loopback hosts, including `*.localhost` agent pages of the local stack. */
  allowLoopback: boolean;
}

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost');
}

export function isAllowedExternalUrl(raw: string, policy: ExternalLinkPolicy): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    if (policy.allowLoopback && isLoopback(host)) return true;
  }
  if (url.protocol !== 'https:') return false;
  return policy.hosts.some((allowed) => {
    const a = allowed.toLowerCase();
    return host === a || host.endsWith(`.${a}`);
  });
}
