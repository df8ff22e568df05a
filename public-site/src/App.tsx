import { Suspense, lazy, useEffect, useState } from 'react';
import type { PublicAgent } from './api/publicAgent.ts';
import { AgentNotFound } from './components/AgentNotFound.tsx';
import { LoadingScreen } from './components/LoadingScreen.tsx';
import { requestRuntimeConfigFile } from './config/configFile.ts';
import type { RuntimeConfig } from './config/runtimeConfig.ts';
import { AgentSite } from './site/AgentSite.tsx';

const WidgetEmbed = lazy(() => import('./site/WidgetEmbed.tsx'));

type PageState =
  { status: 'loading' } | { status: 'ready'; agent: PublicAgent; config: RuntimeConfig } | { status: 'not_found' };

/** Boots the visitor page: config, which agent the URL names, then that agent's public data. */
export function App() {
  const [state, setState] = useState<PageState>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    // The config file is requested at once; the code that validates it and reads the agent arrives
    // meanwhile (pageData.ts, kept out of the first load).
    const configFile = requestRuntimeConfigFile(fetch);
    import('./api/pageData.ts')
      .then(({ readPageData }) => readPageData(configFile, import.meta.env, window.location, fetch, abort.signal))
      .then(
        (loaded) => {
          if (!abort.signal.aborted) setState(loaded ? { status: 'ready', ...loaded } : { status: 'not_found' });
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          // Every failure shows the same screen to visitors; the cause goes to the console.
          console.warn('[concierge] public page not shown:', error);
          setState({ status: 'not_found' });
        },
      );
    return () => abort.abort();
  }, []);

  useEffect(() => {
    if (state.status !== 'ready') return;
    const { branding, name } = state.agent;
    document.title = branding.metaTitle ?? name;
    // Browser chrome (Android address bar) follows the agent's colour.
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.primaryColor);
  }, [state]);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'ready' && new URLSearchParams(window.location.search).get('embed') === 'widget') {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <WidgetEmbed agent={state.agent} config={state.config} />
      </Suspense>
    );
  }
  if (state.status === 'ready') return <AgentSite agent={state.agent} config={state.config} />;
  return <AgentNotFound />;
}
