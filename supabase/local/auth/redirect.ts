import type { AuthEnv } from './settings.ts';

/**
 * GoTrue's glob semantics for the URI allow list: `*` stays within one host label or path segment
 * (separators `.` and `/`), `**` crosses them, `?` is one non-separator character.
 */
function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      pattern += '.*';
      i++;
    } else if (c === '*') pattern += '[^./]*';
    else if (c === '?') pattern += '[^./]';
    else pattern += c.replace(/[\\^$+.()|{}[\]]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

/**
 * Where a flow may send the browser: `redirect_to` when it is on site_url's host or matches an
 * `additional_redirect_urls` entry (exactly or as a glob), otherwise site_url.
 */
export function resolveRedirect(env: AuthEnv, candidate: string | null | undefined): string {
  const siteUrl = env.config.site_url;
  if (!candidate) return siteUrl;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return siteUrl;
  }
  if (!/^https?:$/.test(url.protocol) && !env.config.additional_redirect_urls.length) return siteUrl;
  try {
    if (new URL(siteUrl).hostname === url.hostname && /^https?:$/.test(url.protocol)) return candidate;
  } catch {
    // an invalid site_url only disables the same-host rule
  }
  // Matching ignores the query and fragment, as GoTrue does.
  const bare = `${url.origin === 'null' ? `${url.protocol}//${url.host}` : url.origin}${url.pathname}`;
  for (const allowed of env.config.additional_redirect_urls) {
    if (allowed === candidate || allowed === bare) return candidate;
    const re = globToRegExp(allowed);
    if (re.test(candidate) || re.test(bare) || re.test(bare.replace(/\/$/, ''))) return candidate;
  }
  return siteUrl;
}
