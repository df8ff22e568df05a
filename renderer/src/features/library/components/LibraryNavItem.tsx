import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavButton } from '../../../app/layout/NavButton.tsx';
import { desktopLibrary, ensureLibrarySession } from '../api/desktopLibrary.ts';

/**
 * The sidebar entry of /library, drawn only in the desktop app. Being in the signed-in shell, it is
 * also where the console starts telling main about its session.
 */
export function LibraryNavItem({ iconOnly, onNavigate }: { iconOnly: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const available = desktopLibrary() !== null;
  useEffect(() => {
    if (available) void ensureLibrarySession();
  }, [available]);
  if (!available) return null;
  return (
    <NavButton
      to="/library"
      icon="archive"
      label={t('library:nav')}
      adminBadge={false}
      iconOnly={iconOnly}
      {...(onNavigate ? { onNavigate } : {})}
    />
  );
}
