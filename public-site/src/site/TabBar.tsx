import { useT } from '../i18n/I18n.tsx';
import type { TabId } from './tabs.ts';

const ICONS: Record<TabId, string> = {
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  about: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 7v6m0-9v.5',
  media: 'M4 5h16v14H4zM4 15l5-5 4 4 3-3 4 4',
  videos: 'M4 6h12v12H4zM16 10l4-2v8l-4-2',
};

/** The bottom tab bar. */
export function TabBar({ tabs, active, onSelect }: { tabs: TabId[]; active: TabId; onSelect: (tab: TabId) => void }) {
  const t = useT();
  return (
    <nav className="tabbar" aria-label={t('tabs.label')}>
      <ul className="tabbar__list">
        {tabs.map((tab) => (
          <li key={tab}>
            <button
              type="button"
              className={`tabbar__tab${tab === active ? ' tabbar__tab--active' : ''}`}
              aria-current={tab === active ? 'page' : undefined}
              onClick={() => onSelect(tab)}
              data-testid={`tab-${tab}`}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d={ICONS[tab]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span>{t(`tabs.${tab}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
