import { Button, Classes, Divider, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Hint } from './Hint.tsx';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/session/AuthProvider.tsx';
import { NavButton } from './NavButton.tsx';
import { NotificationsButton } from './NotificationsButton.tsx';
import { ProfileLink } from './ProfileLink.tsx';
import { TrialBox } from './TrialBox.tsx';
import { useMinutesUsageQuery } from '../../features/credits/api/getUsage.ts';
import { mainNavEntries, visibleNavEntries } from './navigation.ts';
import { useSignOut } from './useSignOut.ts';
import { LibraryNavItem } from '../../features/library/components/LibraryNavItem.tsx';

/**
 * The main sidebar: New Agent, navigation, trial box, sign out, notifications and
 * the profile link. `compact` draws the same entries as the 70 px icon rail.
 */
export function MainSidebar({
  compact = false,
  inDrawer = false,
  onNavigate,
}: {
  compact?: boolean;
  inDrawer?: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile, user } = useAuth();
  const signOut = useSignOut();
  const usage = useMinutesUsageQuery(user?.id);
  const entries = visibleNavEntries(mainNavEntries, profile?.isAdmin === true);
  const newAgent = () => {
    navigate('/agents/new');
    onNavigate?.();
  };

  return (
    <nav
      className={`console-sidebar ${compact ? 'is-compact' : ''} ${inDrawer ? 'is-drawer' : ''}`}
      aria-label={t('shell:nav.main')}
    >
      {!inDrawer && <div className="console-brand">{compact ? t('shell:app.initial') : t('shell:app.name')}</div>}
      {compact ? (
        <Hint content={t('shell:sidebar.newAgent')} placement="right">
          <Button
            intent={Intent.PRIMARY}
            icon="plus"
            size="large"
            aria-label={t('shell:sidebar.newAgent')}
            onClick={newAgent}
          />
        </Hint>
      ) : (
        <Button intent={Intent.PRIMARY} icon="plus" fill text={t('shell:sidebar.newAgent')} onClick={newAgent} />
      )}
      <div className="console-nav-list">
        {entries.map((entry) => (
          <NavButton
            key={entry.to}
            to={entry.to}
            icon={entry.icon}
            label={t(entry.labelKey)}
            adminBadge={entry.adminOnly === true}
            iconOnly={compact}
            {...(onNavigate ? { onNavigate } : {})}
          />
        ))}
        {/* Desktop app only: the offline recordings library. */}
        <LibraryNavItem iconOnly={compact} {...(onNavigate ? { onNavigate } : {})} />
      </div>
      {!compact && (
        <TrialBox
          balance={profile?.credits ?? 0}
          usedMinutes={usage.data?.usedMinutes ?? 0}
          totalMinutes={usage.data?.totalMinutes ?? 0}
          packName={usage.data?.subscribedPack ?? null}
          state={usage.isError ? 'error' : usage.data && profile ? 'ready' : 'loading'}
          onRetry={() => void usage.refetch()}
        />
      )}
      <Divider />
      <div className={`console-sidebar-footer ${compact ? 'is-compact' : ''}`}>
        <ProfileLink
          profile={profile}
          email={user?.email ?? ''}
          compact={compact}
          {...(onNavigate ? { onNavigate } : {})}
        />
        <div className="console-sidebar-actions">
          <NotificationsButton compact={compact} />
          <Hint content={t('shell:sidebar.signOut')} placement={compact ? 'right' : 'top'}>
            <Button
              variant="minimal"
              icon="log-out"
              aria-label={t('shell:sidebar.signOut')}
              onClick={() => void signOut()}
              className={Classes.TEXT_MUTED}
            />
          </Hint>
        </div>
      </div>
    </nav>
  );
}
