import { useMemo } from 'react';
import { parsePublicAgent } from '../api/publicAgent.ts';
import { I18nProvider } from '../i18n/I18n.tsx';
import type { Locale } from '../i18n/translate.ts';
import { AgentSite } from '../site/AgentSite.tsx';
import type { TabId } from '../site/tabs.ts';

/** Nothing is called from the preview: its actions are inert (AgentSite `preview`). */
const NO_ENDPOINT = { supabaseUrl: '', supabaseAnonKey: '' };

/**
 * The agent page exactly as a visitor sees it, drawn from the console's unsaved form: the row goes
 * through the page's own parser (public_agent → parsePublicAgent), so defaults and fallbacks match.
 */
export function SitePreview({
  agent: raw,
  tab,
  locale,
  onTab,
}: {
  agent: unknown;
  tab: TabId;
  locale: Locale;
  onTab: (tab: TabId) => void;
}) {
  const agent = useMemo(() => {
    try {
      return parsePublicAgent(raw);
    } catch {
      return null;
    }
  }, [raw]);
  if (!agent) return null;
  return (
    <I18nProvider locale={locale}>
      <AgentSite agent={agent} config={NO_ENDPOINT} preview={{ tab, onTab }} />
    </I18nProvider>
  );
}
