import '../conversation/zodWithoutEval.ts';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { isPreviewShow, PREVIEW_READY, PREVIEW_TAB, type PreviewShowMessage } from './protocol.ts';
import { SitePreview } from './SitePreview.tsx';

/**
 * Entry of the console's preview.html (renderer/vite.config.ts): framed by the Branding editor
 * only (same origin; its CSP's frame-ancestors is 'self'), it accepts messages from that parent
 * alone and draws what they describe.
 */
function PreviewPage() {
  const [shown, setShown] = useState<PreviewShowMessage | null>(null);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      if (isPreviewShow(event.data)) {
        setShown(event.data);
        document.documentElement.lang = event.data.locale;
      }
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: PREVIEW_READY }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  if (!shown) return null;
  return (
    <SitePreview
      agent={shown.agent}
      tab={shown.tab}
      locale={shown.locale}
      onTab={(tab) => window.parent.postMessage({ type: PREVIEW_TAB, tab }, window.location.origin)}
    />
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('preview.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <PreviewPage />
  </StrictMode>,
);
