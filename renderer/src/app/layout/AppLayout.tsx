import { Button, Drawer, DrawerSize, Position } from '@blueprintjs/core';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { FullPageSpinner } from '../screens/FullPageSpinner.tsx';
import { useNotificationCenter } from '../../features/notifications/useNotificationCenter.ts';
import { MainSidebar } from './MainSidebar.tsx';
import { MobileBar } from './MobileBar.tsx';
import { NotificationsButton } from './NotificationsButton.tsx';
import { SectionPanel } from './SectionPanel.tsx';
import { layoutFor, mobileMediaQuery } from './navigation.ts';
import { useMediaQuery } from './useMediaQuery.ts';
import './layout.css';

/**
 * The signed-in frame: full sidebar, or the 70 px rail plus a section panel on admin, numbers and
 * agent pages; under 768 px a top bar, a drawer with the sidebar and a bottom navigation bar.
 * Renders the matched child route, or `children` when used around a page directly.
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(mobileMediaQuery);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const mode = layoutFor(pathname);
  // Pages load on demand: the navigation stays while a page's code arrives.
  const content = <Suspense fallback={<FullPageSpinner inShell />}>{children ?? <Outlet />}</Suspense>;
  // One live feed subscription (and native notifications in the desktop app) per signed-in frame.
  useNotificationCenter();

  if (isMobile) {
    return (
      <div className="console-shell is-mobile">
        <header className="console-topbar">
          <Button
            variant="minimal"
            icon="menu"
            aria-label={t('shell:nav.openMenu')}
            onClick={() => setDrawerOpen(true)}
          />
          <span className="console-brand">{t('shell:app.name')}</span>
          <NotificationsButton />
        </header>
        {mode.panel && <SectionPanel panel={mode.panel} horizontal />}
        <main className="console-content">{content}</main>
        <MobileBar onMore={() => setDrawerOpen(true)} />
        <Drawer
          isOpen={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          position={Position.LEFT}
          size={DrawerSize.SMALL}
          title={t('shell:nav.main')}
        >
          <MainSidebar inDrawer onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      </div>
    );
  }
  return (
    <div className={`console-shell ${mode.compact ? 'is-compact' : ''}`}>
      <MainSidebar compact={mode.compact} />
      {mode.panel && <SectionPanel panel={mode.panel} />}
      <main className="console-content">{content}</main>
    </div>
  );
}
