import { useEffect, useState } from 'react';
import { fetchPublicAgent, type PublicAgent } from './api/publicAgent.ts';
import { AgentHeader } from './components/AgentHeader.tsx';
import { AgentNotFound } from './components/AgentNotFound.tsx';
import { LoadingScreen } from './components/LoadingScreen.tsx';
import { loadRuntimeConfig } from './config/runtimeConfig.ts';
import { resolveSiteTarget } from './host/siteMode.ts';

type PageState = { status: 'loading' } | { status: 'ready'; agent: PublicAgent } | { status: 'not_found' };

/** Boots the visitor page: config, which agent the URL names, then that agent's public data. */
export function App() {
  const [state, setState] = useState<PageState>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      const config = await loadRuntimeConfig(fetch, import.meta.env);
      const target = resolveSiteTarget(window.location, config.siteDomain);
      if (target.kind === 'none') return null;
      return fetchPublicAgent(config, target.subdomain, fetch, abort.signal);
    })().then(
      (agent) => {
        if (!abort.signal.aborted) setState(agent ? { status: 'ready', agent } : { status: 'not_found' });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        // Every failure shows the same screen to visitors (spec 002 §4.1); the cause goes to the console.
        console.warn('[concierge] public page not shown:', error);
        setState({ status: 'not_found' });
      },
    );
    return () => abort.abort();
  }, []);

  useEffect(() => {
    if (state.status === 'ready') document.title = state.agent.name;
  }, [state]);

  if (state.status === 'loading') return <LoadingScreen />;
  if (state.status === 'ready') return <AgentHeader agent={state.agent} />;
  return <AgentNotFound />;
}
