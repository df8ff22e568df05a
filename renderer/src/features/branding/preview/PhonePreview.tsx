import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { brandingToRow, type BrandingForm } from '../brandingModel.ts';
import './preview.css';

export type PreviewTab = 'home' | 'about' | 'media' | 'videos';

/**
 * The frame's messages, as public-site/src/preview/protocol.ts defines them (the console may import
 * the public site only through @conversation, so the three names are restated here).
 */
const SHOW = 'concierge:branding-preview:show';
const READY = 'concierge:branding-preview:ready';
const TAB = 'concierge:branding-preview:tab';
const TABS: readonly PreviewTab[] = ['home', 'about', 'media', 'videos'];

/**
 * The agent's public page exactly as visitors see it, drawn from the unsaved form: the console's
 * preview.html (same origin, framed by the console only) runs the public site's own components and
 * styles, isolated from the console's CSS in their own document, at a phone's width. The form goes
 * over as the row the database would store (brandingToRow) and through the page's own parser.
 */
export function PhonePreview({
  form,
  agentName,
  companyName,
  avatarUrl,
  tab,
  onTab,
}: {
  form: BrandingForm;
  agentName: string;
  companyName: string | null;
  avatarUrl: string | null;
  tab: PreviewTab;
  onTab: (tab: PreviewTab) => void;
}) {
  const { t, i18n } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const locale = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const agent = useMemo(
    () => ({
      name: agentName,
      subdomain: 'preview',
      company_name: companyName,
      avatar_url: avatarUrl,
      branding: brandingToRow(form, {}),
    }),
    [form, agentName, companyName, avatarUrl],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; tab?: unknown };
      if (data.type === READY) setReady(true);
      if (data.type === TAB && TABS.includes(data.tab as PreviewTab)) onTab(data.tab as PreviewTab);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onTab]);

  useEffect(() => {
    if (ready) frame.current?.contentWindow?.postMessage({ type: SHOW, agent, tab, locale }, window.location.origin);
  }, [ready, agent, tab, locale]);

  return (
    <div className="phone" data-testid="branding-preview">
      <div className="phone-screen">
        <iframe ref={frame} className="phone-page" src="preview.html" title={t('branding:preview.title')} />
      </div>
    </div>
  );
}
