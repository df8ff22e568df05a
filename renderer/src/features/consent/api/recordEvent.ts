import { getSupabase } from '../../../lib/supabase.ts';
import { analyticsAllowed, consentStore } from '../consentStore.ts';

export interface AnalyticsEvent {
  name: string;
  category: 'page_view' | 'feature' | 'form' | 'event';
  properties?: Record<string, string | number | boolean>;
}

/**
 * Records one analytics event in analytics_events, only when the visitor accepted
 * analytics. Errors are only logged: tracking must never break a page.
 */
export async function recordEvent(event: AnalyticsEvent): Promise<boolean> {
  if (!analyticsAllowed(consentStore.get())) return false;
  const { error } = await getSupabase()
    .from('analytics_events')
    .insert({
      name: event.name,
      category: event.category,
      page_path: window.location.pathname,
      properties: event.properties ?? {},
    });
  if (error) {
    console.warn('analytics event not recorded', error.message);
    return false;
  }
  return true;
}
