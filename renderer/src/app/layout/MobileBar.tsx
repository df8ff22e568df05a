import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NavButton } from './NavButton.tsx';
import { mobileBarEntries } from './navigation.ts';

/** Bottom navigation under 768 px: the four main destinations and a More button for the drawer. */
export function MobileBar({ onMore }: { onMore: () => void }) {
  const { t } = useTranslation();
  return (
    <nav className="console-mobile-bar" aria-label={t('shell:nav.main')}>
      {mobileBarEntries.map((entry) => (
        <NavButton key={entry.to} to={entry.to} icon={entry.icon} label={t(entry.labelKey)} iconOnly />
      ))}
      <Button variant="minimal" size="large" icon="menu" aria-label={t('shell:nav.more')} onClick={onMore} />
    </nav>
  );
}
