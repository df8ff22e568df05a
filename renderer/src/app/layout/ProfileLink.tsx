import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Hint } from './Hint.tsx';
import { useLinkClickHandler } from 'react-router-dom';
import type { Profile } from '../../features/auth/api/profile.ts';

/** Avatar (image or initial) linking to /profile, with the name beside it unless compact. */
export function ProfileLink({
  profile,
  email,
  compact,
  onNavigate,
}: {
  profile: Profile | null;
  email: string;
  compact: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const follow = useLinkClickHandler<HTMLAnchorElement>('/profile');
  const name = profile?.name || email || t('shell:sidebar.profileFallbackName');
  const initial = (name.trim()[0] ?? '?').toUpperCase();
  const link = (
    <a
      href="/profile"
      className={`console-profile-link ${compact ? 'is-compact' : ''}`}
      aria-label={t('shell:nav.profile')}
      onClick={(e) => {
        follow(e);
        onNavigate?.();
      }}
    >
      {profile?.avatarUrl ? (
        <img className="console-avatar" src={profile.avatarUrl} alt="" />
      ) : (
        <span className="console-avatar" aria-hidden="true">
          {initial}
        </span>
      )}
      {!compact && (
        <span className="console-profile-text">
          <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{name}</strong>
          {profile?.name && email && (
            <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
              {email}
            </span>
          )}
        </span>
      )}
    </a>
  );
  return compact ? (
    <Hint content={name} placement="right">
      {link}
    </Hint>
  ) : (
    link
  );
}
