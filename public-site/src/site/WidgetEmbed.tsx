import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import type { PublicAgent } from '../api/publicAgent.ts';
import { AgentNotFound } from '../components/AgentNotFound.tsx';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';
import { widgetHostAllowed } from '@contracts/widget-domain.ts';
import { useLocale } from '../i18n/I18n.tsx';
import { brandingStyle } from './theme.ts';
import { useBrandFont } from '../conversation/useBrandFont.ts';

const ChatView = lazy(() => import('../conversation/ChatView.tsx').then((m) => ({ default: m.ChatView })));
const CallOverlay = lazy(() => import('../conversation/call/CallOverlay.tsx'));

type WidgetView = 'chat' | 'call';

/** The page embedding this frame, when the browser says (Chromium: ancestorOrigins; else the referrer). */
function parentHost(): string | null {
  const origin = window.location.ancestorOrigins?.[0] ?? document.referrer;
  try {
    return origin ? new URL(origin).hostname : null;
  } catch {
    return null;
  }
}

/**
 * `?embed=widget`: the agent's chat alone, inside the web widget's frame. Framed by a site other than
 * the configured domain, it shows nothing (the loader checks too; this holds if someone frames the
 * page directly). Back asks the loader to close the panel.
 */
export default function WidgetEmbed({
  agent,
  config,
}: {
  agent: PublicAgent;
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>;
}) {
  const locale = useLocale();
  const framed = window.parent !== window;
  const [allowed, setAllowed] = useState<boolean | null>(framed ? null : true);
  useBrandFont(agent.branding.fontFamily);
  // The loader's call button opens the panel on the call overlay (`&view=call`, then messages).
  const [view, setView] = useState<WidgetView>(() =>
    new URLSearchParams(window.location.search).get('view') === 'call' ? 'call' : 'chat',
  );
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.source !== window.parent) return;
      if (e.data === 'concierge:view:call') setView('call');
      if (e.data === 'concierge:view:chat') setView('chat');
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const endpoint = useMemo(
    () => ({ supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey }),
    [config.supabaseUrl, config.supabaseAnonKey],
  );
  const chatAgent = useMemo(
    () => ({
      ...(agent.id ? { id: agent.id } : { subdomain: agent.subdomain }),
      name: agent.name,
      ...(agent.avatarUrl ? { avatarUrl: agent.avatarUrl } : {}),
    }),
    [agent.id, agent.subdomain, agent.name, agent.avatarUrl],
  );

  useEffect(() => {
    if (!framed) return;
    const abort = new AbortController();
    fetch(`${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/public_web_widget`, {
      method: 'POST',
      headers: {
        apikey: config.supabaseAnonKey,
        authorization: `Bearer ${config.supabaseAnonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ subdomain: agent.subdomain }),
      signal: abort.signal,
    })
      .then((res) => (res.ok ? (res.json() as Promise<{ domain?: string } | null>) : null))
      .then((widget) => {
        const host = parentHost();
        setAllowed(Boolean(widget?.domain && host && widgetHostAllowed(host, widget.domain)));
      })
      .catch(() => {
        if (!abort.signal.aborted) setAllowed(false);
      });
    return () => abort.abort();
  }, [framed, config.supabaseUrl, config.supabaseAnonKey, agent.subdomain]);

  if (allowed === false) return <AgentNotFound />;
  if (allowed === null) return null;
  return (
    <div className="agent-site widget-embed" style={brandingStyle(agent.branding)} data-testid="widget-embed">
      <Suspense fallback={null}>
        <ChatView
          endpoint={endpoint}
          agent={chatAgent}
          channel="web"
          locale={locale}
          onBack={framed ? () => window.parent.postMessage('concierge:close', '*') : undefined}
        />
        {view === 'call' ? (
          <CallOverlay
            endpoint={endpoint}
            agent={chatAgent}
            locale={locale}
            onClose={() => setView('chat')}
            offerRating
          />
        ) : null}
      </Suspense>
    </div>
  );
}
