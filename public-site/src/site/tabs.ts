import type { Branding } from '../api/branding.ts';

/** Bottom tab bar: Home and About always, Media and Videos only with content. */
export type TabId = 'home' | 'about' | 'media' | 'videos';

export function visibleTabs(branding: Pick<Branding, 'images' | 'videos'>): TabId[] {
  const tabs: TabId[] = ['home', 'about'];
  if (branding.images.length > 0) tabs.push('media');
  if (branding.videos.length > 0) tabs.push('videos');
  return tabs;
}
