/**
 * Per-agent head tags for the public site's index.html, because crawlers and link previews do
 * not run JavaScript. The server that serves the built site calls `injectAgentMeta` for each request
 * with the agent named by the host (public_agent RPC → parsePublicAgent) or null. Pure string work:
 * every agent-provided value is HTML-escaped; no script is written into the page.
 */
import { trackersOf, type TrackerName } from '../src/tracking/trackers.ts';
import type { PublicAgent } from '../src/api/publicAgent.ts';

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** One line of text, at most `max` characters (descriptions are shown as snippets). */
function oneLine(text: string, max: number): string {
  const flat = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export interface AgentHead {
  title: string;
  description: string;
  canonical: string;
  ogTitle: string;
  ogDescription: string;
  twitterTitle: string;
  twitterDescription: string;
  image?: string;
  siteName: string;
  themeColor: string;
}

/**
 * What the head says about an agent. A missing meta text falls back to the hero texts, a missing
 * Open Graph text to the meta one, a missing Twitter text to the Open Graph one.
 */
export function agentHead(agent: PublicAgent, pageUrl: string): AgentHead {
  const b = agent.branding;
  const title = oneLine(b.metaTitle ?? (agent.heroTitle ? `${agent.name} - ${agent.heroTitle}` : agent.name), 120);
  const description = oneLine(b.metaDescription ?? b.description ?? agent.heroSubtitle ?? `${agent.name}`, 300);
  const canonical = new URL('/', pageUrl).toString();
  return {
    title,
    description,
    canonical,
    ogTitle: oneLine(b.ogTitle ?? title, 120),
    ogDescription: oneLine(b.ogDescription ?? description, 300),
    twitterTitle: oneLine(b.twitterTitle ?? b.ogTitle ?? title, 120),
    twitterDescription: oneLine(b.twitterDescription ?? b.ogDescription ?? description, 300),
    ...(agent.avatarUrl ? { image: agent.avatarUrl } : {}),
    siteName: oneLine(agent.companyName ?? agent.name, 120),
    themeColor: b.primaryColor,
  };
}

function tag(name: 'name' | 'property', key: string, content: string): string {
  return `<meta ${name}="${key}" content="${escapeHtml(content)}" />`;
}

/** Removes the tags this function owns so the template's defaults never duplicate them. */
function stripOwnedTags(html: string): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name|property)="(?:description|robots|theme-color|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
}

/** A page as the server rewrote it, its status and the trackers its CSP must let load. */
export interface AgentIndexPage {
  html: string;
  /** 404 for an unknown or disabled agent page (the not-found page), else 200. */
  status: 200 | 404;
  /**
   * Trackers the agent enabled. Nothing runs them from the HTML: the page loads them from its own
   * bundle once the visitor consents, and the CSP allows only these vendors' hosts.
   */
  trackers: TrackerName[];
}

/**
 * index.html with the agent's head: title, description, canonical URL, Open Graph and Twitter
 * cards and theme colour. `agent` null (unknown or disabled page): the not-found title and
 * `noindex`, so search engines drop the address.
 */
export function injectAgentMeta(html: string, agent: PublicAgent | null, pageUrl: string): string {
  return renderAgentIndex(html, agent, pageUrl).html;
}

/** injectAgentMeta(), also giving the page's status and trackers (for its CSP). */
export function renderAgentIndex(html: string, agent: PublicAgent | null, pageUrl: string): AgentIndexPage {
  const head: string[] = [];
  if (!agent) {
    head.push('<title>Agent Not Found</title>', tag('name', 'robots', 'noindex'));
  } else {
    const h = agentHead(agent, pageUrl);
    head.push(
      `<title>${escapeHtml(h.title)}</title>`,
      tag('name', 'description', h.description),
      `<link rel="canonical" href="${escapeHtml(h.canonical)}" />`,
      tag('name', 'theme-color', h.themeColor),
      tag('property', 'og:type', 'website'),
      tag('property', 'og:site_name', h.siteName),
      tag('property', 'og:title', h.ogTitle),
      tag('property', 'og:description', h.ogDescription),
      tag('property', 'og:url', h.canonical),
      ...(h.image ? [tag('property', 'og:image', h.image)] : []),
      tag('name', 'twitter:card', 'summary'),
      tag('name', 'twitter:title', h.twitterTitle),
      tag('name', 'twitter:description', h.twitterDescription),
      ...(h.image ? [tag('name', 'twitter:image', h.image)] : []),
    );
  }
  const stripped = stripOwnedTags(html);
  const block = `${head.join('\n    ')}\n  `;
  const close = stripped.search(/<\/head>/i);
  return {
    html: close === -1 ? `${block}${stripped}` : `${stripped.slice(0, close)}  ${block}${stripped.slice(close)}`,
    status: agent ? 200 : 404,
    trackers: agent ? trackersOf(agent.branding.tracking) : [],
  };
}
