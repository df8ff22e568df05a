/**
 * The web widget loader served at `/api/live-audio-widget` on an agent's subdomain: a
 * small script that adds a floating chat-and-voice button to the owner's website. The button and
 * its panel live in a closed shadow root and the conversation in an iframe of the agent's page
 * (`?embed=widget`), so the host page's CSS cannot reach them. It runs only on the domain the owner
 * configured (or its subdomains); the embedded page checks its parent again.
 */
import { widgetSiteDomain } from '../../supabase/functions/_shared/contracts/widget-domain.ts';
import { DEFAULT_BRANDING } from '../src/api/branding.ts';
import { fetchPublicAgent } from '../src/api/publicAgent.ts';
import { resolveSiteTarget } from '../src/host/siteMode.ts';
import { callAnonRpc } from './anonRpc.ts';
import { readableOn } from '../src/site/theme.ts';

export const WIDGET_PATH = '/api/live-audio-widget';

/** The launcher's background (the agent's primary colour) and its icon colour, both #rrggbb. */
export interface WidgetColours {
  brand: string;
  ink: string;
}

/** The page's colours for a brand colour, as the page draws its own buttons (theme.ts). */
export function widgetColours(primaryColor: string): WidgetColours {
  return { brand: primaryColor, ink: readableOn(primaryColor) };
}

export interface WidgetLabels {
  chat: string;
  call: string;
}

/**
 * The loader script: two floating buttons, chat and voice call. Both open the same panel (one
 * iframe of the agent page); the call button asks it for the call overlay (`&view=call` on first
 * load, a `concierge:view:call` message afterwards). The chat launcher wears the agent's brand
 * colour (`colours`, as the page paints its own buttons). Values are JSON-encoded, so they cannot
 * break out of the string literals, and colours are set through the CSSOM, never parsed as CSS.
 */
export function widgetScript(opts: {
  embedUrl: string;
  domain: string;
  labels: { en: WidgetLabels; fr: WidgetLabels };
  colours?: WidgetColours;
}): string {
  const config = JSON.stringify(opts).replace(/</g, '\\u003c');
  return `(function () {
  var c = ${config};
  var h = location.hostname.toLowerCase().replace(/^www\\./, '');
  if (h !== c.domain && h.slice(-(c.domain.length + 1)) !== '.' + c.domain) {
    console.warn('[concierge] this widget is not enabled on ' + h);
    return;
  }
  if (window.__conciergeWidget) return;
  window.__conciergeWidget = true;
  var host = document.createElement('div');
  var root = host.attachShadow({ mode: 'closed' });
  root.innerHTML =
    '<style>:host{all:initial}' +
    'button{position:fixed;right:20px;bottom:20px;z-index:2147483646;width:60px;height:60px;border:0;border-radius:50%;' +
    'background:#6366f1;color:#fff;cursor:pointer;box-shadow:0 8px 24px rgba(17,24,39,.3);display:flex;align-items:center;justify-content:center}' +
    'button.call{right:92px;bottom:26px;width:48px;height:48px;background:#16a34a}' +
    'button svg{width:28px;height:28px}button.call svg{width:22px;height:22px}' +
    'iframe{position:fixed;right:20px;bottom:92px;z-index:2147483647;width:min(380px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));' +
    'border:0;border-radius:16px;box-shadow:0 24px 48px rgba(17,24,39,.3);background:#fff}' +
    'iframe[hidden]{display:none}</style>' +
    '<iframe hidden title="" allow="microphone; autoplay"></iframe>' +
    '<button type="button" class="call"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" fill="currentColor"/></svg></button>' +
    '<button type="button" class="chat" aria-expanded="false"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg></button>';
  var label = /^fr\\b/i.test(navigator.language || '') ? c.labels.fr : c.labels.en;
  var frame = root.querySelector('iframe');
  var chat = root.querySelector('button.chat');
  var call = root.querySelector('button.call');
  frame.title = label.chat;
  if (c.colours) {
    chat.style.background = c.colours.brand;
    chat.style.color = c.colours.ink;
  }
  chat.setAttribute('aria-label', label.chat);
  call.setAttribute('aria-label', label.call);
  function toggle(hidden) {
    frame.hidden = hidden;
    chat.setAttribute('aria-expanded', String(!hidden));
  }
  function show(view) {
    if (!frame.src) frame.src = c.embedUrl + (view === 'call' ? '&view=call' : '');
    else if (frame.contentWindow) frame.contentWindow.postMessage('concierge:view:' + view, new URL(c.embedUrl).origin);
    toggle(false);
  }
  chat.addEventListener('click', function () {
    if (frame.hidden) show('chat');
    else toggle(true);
  });
  call.addEventListener('click', function () {
    show('call');
  });
  window.addEventListener('message', function (e) {
    if (e.source === frame.contentWindow && e.data === 'concierge:close') toggle(true);
  });
  (document.body || document.documentElement).appendChild(host);
})();
`;
}

export interface WidgetResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The buttons' accessible names, in the visitor's language (the script has no other text). */
export const WIDGET_LABELS = {
  en: { chat: 'Chat with our assistant', call: 'Call our assistant' },
  fr: { chat: 'Discuter avec notre assistant', call: 'Appeler notre assistant' },
};

const JS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' };

/**
 * Answers `/api/live-audio-widget` for the agent named by the request's host: the loader when the
 * widget is enabled with a valid domain, a one-line no-op script otherwise (a script tag must never
 * break the host page). Null for any other path.
 */
export function createWidgetRoute(options: {
  supabaseUrl: () => string;
  supabaseAnonKey: () => string;
  siteDomain?: string;
  fetchFn?: typeof fetch;
}): (request: { url?: string | undefined; headers: { host?: string | undefined } }) => Promise<WidgetResponse | null> {
  const fetchFn = options.fetchFn ?? fetch;
  /** The colour the agent's page is painted with (same RPC and parser as the page), else the page default. */
  const brandColour = async (subdomain: string): Promise<string> => {
    try {
      const config = { supabaseUrl: options.supabaseUrl(), supabaseAnonKey: options.supabaseAnonKey() };
      const agent = await fetchPublicAgent(config, subdomain, fetchFn, AbortSignal.timeout(3000));
      return agent.branding.primaryColor;
    } catch {
      return DEFAULT_BRANDING.primaryColor;
    }
  };
  return async (request) => {
    const host = request.headers.host ?? '';
    let url: URL;
    try {
      url = new URL(request.url ?? '/', `http://${host}`);
    } catch {
      return null;
    }
    if (url.pathname !== WIDGET_PATH) return null;
    const disabled = (why: string): WidgetResponse => ({
      status: 200,
      headers: JS,
      body: `console.warn(${JSON.stringify(`[concierge] ${why}`)});\n`,
    });
    const target = resolveSiteTarget({ host, pathname: url.pathname }, options.siteDomain);
    if (target.kind !== 'agent') return disabled('no agent at this address');
    try {
      const answer = await callAnonRpc({ ...options, fetchFn }, 'public_web_widget', { subdomain: target.subdomain });
      if (!answer.ok) return disabled('the web widget is unavailable right now');
      const config = answer.value as { domain?: unknown } | null;
      const domain = widgetSiteDomain(config?.domain);
      if (!domain) return disabled('the web widget is not enabled for this agent');
      const proto =
        (request.headers as Record<string, string | undefined>)['x-forwarded-proto'] === 'https' ? 'https' : 'http';
      const embedUrl = `${proto}://${host}/?embed=widget`;
      const colours = widgetColours(await brandColour(target.subdomain));
      return { status: 200, headers: JS, body: widgetScript({ embedUrl, domain, labels: WIDGET_LABELS, colours }) };
    } catch {
      return disabled('the web widget is unavailable right now');
    }
  };
}
