import { Callout, H2, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSignOut } from '../../../app/layout/useSignOut.ts';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { toastSuccess } from '../../../components/toaster.ts';
import type { AppError } from '../../../errors/appError.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { CreditsSections } from '../../credits/pages/CreditsSections.tsx';
import { useUpdateProfileMutation } from '../api/updateProfile.ts';
import { useUploadAvatarMutation } from '../api/uploadAvatar.ts';
import { ProfileTab } from '../components/ProfileTab.tsx';
import { SettingsTab } from '../components/SettingsTab.tsx';
import './profile.css';
import { errorText } from '../../../errors/errorText.ts';

const tabIds = ['profile', 'settings', 'credits'] as const;
type TabId = (typeof tabIds)[number];

/** /profile: tabs Profile, Settings and Credits; the tab is kept in ?tab=. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { profile, profileStatus, user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: TabId = tabIds.find((id) => id === params.get('tab')) ?? 'profile';
  const userId = user?.id ?? '';
  const update = useUpdateProfileMutation(userId);
  const avatar = useUploadAvatarMutation(userId);
  const signOut = useSignOut();
  const messageOf = (e: unknown) => (e ? errorText(t, e as AppError) : null);

  if (!profile) {
    return (
      <div className="profile-page">
        {profileStatus === 'error' || profileStatus === 'missing' ? (
          <Callout intent={Intent.DANGER} icon="error">
            {t(profileStatus === 'missing' ? 'errors:profile.notFound' : 'errors:profile.fetchFailed')}
          </Callout>
        ) : (
          <SkeletonLines count={6} />
        )}
      </div>
    );
  }

  return (
    <div className="profile-page">
      <H2>{t('profile:page.title')}</H2>
      <Tabs
        id="profile-tabs"
        selectedTabId={tab}
        onChange={(id) => setParams({ tab: String(id) }, { replace: true })}
        size="large"
      >
        <Tab
          id="profile"
          title={t('profile:page.tabProfile')}
          panel={
            <ProfileTab
              key={profile.name}
              profile={profile}
              uploading={avatar.isPending}
              savingName={update.isPending}
              errorText={messageOf(avatar.error)}
              onAvatarFile={(file) => avatar.mutate(file)}
              onSaveName={(name) =>
                update.mutate({ name }, { onSuccess: () => toastSuccess(t('profile:profile.saved')) })
              }
              onSignOut={() => void signOut()}
            />
          }
        />
        <Tab
          id="settings"
          title={t('profile:page.tabSettings')}
          panel={
            <SettingsTab
              notifications={profile.notifications}
              lang={profile.lang}
              onNotificationsChange={(notifications) =>
                update.mutate({ notifications }, { onSuccess: () => toastSuccess(t('profile:settings.saved')) })
              }
              onLanguageChange={(lang) => {
                // The UI switches at once; the saved profile keeps it on the next visit.
                void i18n.changeLanguage(lang);
                update.mutate({ lang });
              }}
            />
          }
        />
        <Tab
          id="credits"
          title={t('profile:page.tabCredits')}
          panel={<CreditsSections profile={profile} showSubscription={false} />}
        />
      </Tabs>
    </div>
  );
}
