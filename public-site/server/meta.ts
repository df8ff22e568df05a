/**
 * Per-agent head tags for the public site's index.html (issue 8: crawlers and link previews do not
 * run JavaScript). The server that serves the built site calls `injectAgentMeta` for each request
 * with the agent named by the host (public_agent RPC → parsePublicAgent) or null. Pure string work:
 * every agent-provided value is HTML-escaped; only format-checked tracking identifiers reach scripts.
 */
import type { Tracking } from '../src/api/branding.ts';
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

/** What the head says about an agent, with the spec's fallbacks (meta → og/twitter, hero texts). */
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

/** Loader snippets for the identifiers the owner enabled; identifiers were format-checked. */
export function trackingTags(tracking: Tracking): string[] {
  const out: string[] = [];
  const ga = tracking.googleAnalytics;
  if (ga) {
    out.push(`<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga)}"></script>`);
    out.push(
      `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${JSON.stringify(ga)});</script>`,
    );
  }
  const gtm = tracking.googleTagManager;
  if (gtm) {
    out.push(
      `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(gtm)});</script>`,
    );
  }
  const pixel = tracking.metaPixel;
  if (pixel) {
    out.push(
      `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${JSON.stringify(pixel)});fbq('track','PageView');</script>`,
    );
  }
  return out;
}

/** Removes the tags this function owns so the template's defaults never duplicate them. */
function stripOwnedTags(html: string): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:name|property)="(?:description|robots|theme-color|og:[^"]*|twitter:[^"]*)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
}

/** A page as the server rewrote it, and the `<script>` tags it wrote in itself. */
export interface AgentIndexPage {
  html: string;
  /**
   * The tracking snippets exactly as inserted (trackingTags()): the only inline scripts the page's
   * CSP may allow, so a script that reached the HTML any other way cannot allow itself.
   */
  injectedScripts: string[];
}

/**
 * index.html with the agent's head: title, description, canonical URL, Open Graph and Twitter
 * cards, theme colour and enabled tracking. `agent` null (unknown or disabled page): the
 * not-found title and `noindex`, so search engines drop the address.
 */
export function injectAgentMeta(html: string, agent: PublicAgent | null, pageUrl: string): string {
  return renderAgentIndex(html, agent, pageUrl).html;
}

/** injectAgentMeta(), also naming the scripts it inserted (for the page's CSP). */
export function renderAgentIndex(html: string, agent: PublicAgent | null, pageUrl: string): AgentIndexPage {
  const head: string[] = [];
  const injectedScripts = agent ? trackingTags(agent.branding.tracking) : [];
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
      ...injectedScripts,
    );
  }
  const stripped = stripOwnedTags(html);
  const block = `${head.join('\n    ')}\n  `;
  const close = stripped.search(/<\/head>/i);
  return {
    html: close === -1 ? `${block}${stripped}` : `${stripped.slice(0, close)}  ${block}${stripped.slice(close)}`,
    injectedScripts,
  };
}
