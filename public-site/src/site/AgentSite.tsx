import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { PublicAgent } from '../api/publicAgent.ts';
import { AgentHeader } from '../components/AgentHeader.tsx';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';
import { useLocale, useT } from '../i18n/I18n.tsx';
import { useTrackingConsent } from '../tracking/useTrackingConsent.ts';
import { scopeCustomCss, SCOPE_SELECTOR } from './customCss.ts';
import { Footer } from './Footer.tsx';
import { shareLink } from './share.ts';
import { TabBar } from './TabBar.tsx';
import { visibleTabs, type TabId } from './tabs.ts';
import type { Tracking } from '../api/branding.ts';
import { brandingStyle } from './theme.ts';
import { TopBar } from './TopBar.tsx';
import { useBrandFont } from '../conversation/useBrandFont.ts';

// Home ships alone; the other tabs, dialogs, the chat and the call load on first use (the page's
// first-load JavaScript budget is 80 KB gzip).
const AboutTab = lazy(() => import('./AboutTab.tsx'));
const MediaTab = lazy(() => import('./MediaTab.tsx'));
const VideosTab = lazy(() => import('./VideosTab.tsx').then((m) => ({ default: m.VideosTab })));
const QrDialog = lazy(() => import('./QrDialog.tsx'));
const CallUnavailableDialog = lazy(() =>
  import('./CallDialog.tsx').then((m) => ({ default: m.CallUnavailableDialog })),
);
// Only pages whose owner switched a tracker on ask for consent.
const ConsentBanner = lazy(() => import('./ConsentBanner.tsx').then((m) => ({ default: m.ConsentBanner })));
const ChatView = lazy(() => import('../conversation/ChatView.tsx').then((m) => ({ default: m.ChatView })));
const CallOverlay = lazy(() => import('../conversation/call/CallOverlay.tsx'));

type Overlay = 'chat' | 'call' | 'call-unavailable' | 'qr' | null;
type Unavailable = 'no_provider' | 'no_credits' | 'unreachable';

function Pending() {
  return (
    <div className="pending" aria-busy="true">
      <div className="spinner" />
    </div>
  );
}

/** The console's Branding preview drives the tab; nothing else happens there. */
export interface SitePreviewControl {
  tab: TabId;
  onTab: (tab: TabId) => void;
}

const NO_TRACKING: Tracking = {};

/**
 * The agent's public page once loaded: branding, top bar, tabs, footer, chat and dialogs. With
 * `preview` (the console's Branding preview) it looks the same, but its actions open nothing and
 * it neither asks for tracking consent nor tracks.
 */
export function AgentSite({
  agent,
  config,
  preview,
}: {
  agent: PublicAgent;
  config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>;
  preview?: SitePreviewControl;
}) {
  const t = useT();
  const locale = useLocale();
  const tabs = useMemo(() => visibleTabs(agent.branding), [agent.branding]);
  const [ownTab, setOwnTab] = useState<TabId>('home');
  const tab = preview ? (tabs.includes(preview.tab) ? preview.tab : 'home') : ownTab;
  const [overlay, setOverlayState] = useState<Overlay>(null);
  const setOverlay = useCallback((next: Overlay) => setOverlayState(preview ? null : next), [preview]);
  const [toast, setToast] = useState<string | null>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pageUrl = typeof window === 'undefined' ? '' : window.location.href.split('#')[0]!;
  const css = useMemo(() => scopeCustomCss(agent.branding.customCss), [agent.branding.customCss]);
  const endpoint = useMemo(
    () => ({ supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey }),
    [config.supabaseUrl, config.supabaseAnonKey],
  );
  const conversationAgent = useMemo(
    () => ({
      ...(agent.id ? { id: agent.id } : { subdomain: agent.subdomain }),
      name: agent.name,
      ...(agent.avatarUrl ? { avatarUrl: agent.avatarUrl } : {}),
    }),
    [agent.id, agent.subdomain, agent.name, agent.avatarUrl],
  );
  const [unavailable, setUnavailable] = useState<Unavailable>('no_provider');
  const [checkingVoice, setCheckingVoice] = useState(false);

  const showToast = useCallback((text: string) => {
    // One toast at a time: a new one replaces the old.
    clearTimeout(toastTimer.current);
    setToast(text);
    toastTimer.current = setTimeout(() => setToast(null), 2500);
  }, []);
  useEffect(() => () => clearTimeout(toastTimer.current), []);
  useBrandFont(agent.branding.fontFamily);
  const consent = useTrackingConsent(preview ? NO_TRACKING : agent.branding.tracking);

  const share = async () => {
    if (preview) return;
    const outcome = await shareLink(navigator, { url: pageUrl, title: agent.branding.metaTitle ?? agent.name });
    if (outcome === 'copied') showToast(t('share.copied'));
    if (outcome === 'failed') showToast(t('share.failed'));
  };

  // AI Call asks voice-session first, so the visitor learns before any microphone prompt whether a
  // call can happen (no provider, no owner credits).
  const openCall = async () => {
    if (checkingVoice || preview) return;
    setCheckingVoice(true);
    try {
      const { voiceAvailability } = await import('../conversation/call/voiceApi.ts');
      const availability = await voiceAvailability(endpoint, conversationAgent);
      if (availability.available) setOverlay('call');
      else {
        setUnavailable(availability.reason);
        setOverlay('call-unavailable');
      }
    } finally {
      setCheckingVoice(false);
    }
  };

  const selectTab = (next: TabId) => {
    if (preview) preview.onTab(next);
    else setOwnTab(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div
      className={`${SCOPE_SELECTOR.slice(1)} font-${agent.branding.fontFamily}`}
      style={brandingStyle(agent.branding) as CSSProperties}
      data-testid="agent-page"
      // In the preview, links (Terms, social pages) stay put: the editor is the page being used.
      onClickCapture={
        preview
          ? (event) => {
              if ((event.target as Element).closest('a')) event.preventDefault();
            }
          : undefined
      }
    >
      {css ? <style data-testid="custom-css">{css}</style> : null}
      <TopBar title={agent.companyName ?? agent.name} onQr={() => setOverlay('qr')} onShare={() => void share()} />
      <main className="site-main">
        {tab === 'home' ? (
          <AgentHeader
            agent={agent}
            onChat={() => setOverlay('chat')}
            onCall={() => void openCall()}
            callPending={checkingVoice}
          />
        ) : null}
        <Suspense fallback={<Pending />}>
          {tab === 'about' ? <AboutTab html={agent.branding.aboutHtml} /> : null}
          {tab === 'media' ? <MediaTab images={agent.branding.images} /> : null}
          {tab === 'videos' ? <VideosTab videos={agent.branding.videos} /> : null}
        </Suspense>
        <Footer
          socialLinks={agent.branding.socialLinks}
          {...(consent.trackers.length > 0 ? { onPrivacy: consent.reopen } : {})}
        />
      </main>
      <TabBar tabs={tabs} active={tab} onSelect={selectTab} />
      {overlay === 'chat' ? (
        <div className="chat-overlay">
          <Suspense fallback={<Pending />}>
            <ChatView
              endpoint={endpoint}
              agent={conversationAgent}
              channel="web"
              locale={locale}
              onBack={() => setOverlay(null)}
            />
          </Suspense>
        </div>
      ) : null}
      {overlay === 'qr' ? (
        <Suspense fallback={null}>
          <QrDialog url={pageUrl} onClose={() => setOverlay(null)} />
        </Suspense>
      ) : null}
      {overlay === 'call' ? (
        <Suspense fallback={<Pending />}>
          <CallOverlay
            endpoint={endpoint}
            agent={conversationAgent}
            locale={locale}
            onClose={() => setOverlay(null)}
            offerRating
          />
        </Suspense>
      ) : null}
      {overlay === 'call-unavailable' ? (
        <Suspense fallback={null}>
          <CallUnavailableDialog
            reason={unavailable}
            onClose={() => setOverlay(null)}
            onChat={() => setOverlay('chat')}
          />
        </Suspense>
      ) : null}
      {consent.asking ? (
        <Suspense fallback={null}>
          <ConsentBanner trackers={consent.trackers} onAnswer={consent.answer} />
        </Suspense>
      ) : null}
      {toast ? (
        <div className="toast" role="status" data-testid="toast">
          {toast}
        </div>
      ) : null}
    </div>
  );
}
