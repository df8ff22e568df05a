import { Card, Classes, FormGroup, H4, HTMLSelect, Switch } from '@blueprintjs/core';
import { LOW_CREDIT_THRESHOLD } from '@contracts/notifications.ts';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '../../auth/api/profile.ts';

export interface SettingsTabProps {
  notifications: NotificationSettings;
  lang: 'en' | 'fr';
  onNotificationsChange: (patch: Partial<NotificationSettings>) => void;
  onLanguageChange: (lang: 'en' | 'fr') => void;
}

const emailToggles = [
  ['emailAlerts', 'emailAlertsHelp'],
  ['featureAnnouncements', 'featureAnnouncementsHelp'],
  ['usageReports', 'usageReportsHelp'],
] as const;

/** One per kind of feed notification: whether the desktop app shows it natively. */
const desktopToggles = [
  ['desktopConversations', 'desktopConversationsHelp'],
  ['desktopFailedCalls', 'desktopFailedCallsHelp'],
  ['desktopLowCredit', 'desktopLowCreditHelp'],
] as const;

/** The saved notification toggles (email, desktop) and the interface language (Settings). */
export function SettingsTab({ notifications, lang, onNotificationsChange, onLanguageChange }: SettingsTabProps) {
  const { t } = useTranslation();
  const toggle = ([key, help]: (typeof emailToggles | typeof desktopToggles)[number]) => (
    <div key={key} className="profile-toggle">
      <Switch
        large
        checked={notifications[key]}
        label={t(`profile:settings.${key}`)}
        onChange={(e) => onNotificationsChange({ [key]: e.currentTarget.checked })}
        data-setting={key}
      />
      <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {t(`profile:settings.${help}`, { threshold: LOW_CREDIT_THRESHOLD })}
      </p>
    </div>
  );
  return (
    <Card className="profile-card">
      <H4>{t('profile:settings.notificationsTitle')}</H4>
      {emailToggles.map(toggle)}
      <H4>{t('profile:settings.desktopTitle')}</H4>
      {desktopToggles.map(toggle)}
      <H4>{t('profile:settings.languageTitle')}</H4>
      <FormGroup label={t('profile:settings.languageLabel')} labelFor="profile-language">
        <HTMLSelect
          id="profile-language"
          value={lang}
          onChange={(e) => onLanguageChange(e.currentTarget.value === 'fr' ? 'fr' : 'en')}
          options={[
            { value: 'en', label: t('profile:settings.languages.en') },
            { value: 'fr', label: t('profile:settings.languages.fr') },
          ]}
        />
      </FormGroup>
    </Card>
  );
}
