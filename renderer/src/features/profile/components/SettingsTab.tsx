import { Card, Classes, FormGroup, H4, HTMLSelect, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { NotificationSettings } from '../../auth/api/profile.ts';

export interface SettingsTabProps {
  notifications: NotificationSettings;
  lang: 'en' | 'fr';
  onNotificationsChange: (patch: Partial<NotificationSettings>) => void;
  onLanguageChange: (lang: 'en' | 'fr') => void;
}

const toggles = [
  ['emailAlerts', 'emailAlertsHelp'],
  ['featureAnnouncements', 'featureAnnouncementsHelp'],
  ['usageReports', 'usageReportsHelp'],
] as const;

/** Three saved notification toggles and the interface language (spec 000 §2.4 Settings). */
export function SettingsTab({ notifications, lang, onNotificationsChange, onLanguageChange }: SettingsTabProps) {
  const { t } = useTranslation();
  return (
    <Card className="profile-card">
      <H4>{t('profile:settings.notificationsTitle')}</H4>
      {toggles.map(([key, help]) => (
        <div key={key} className="profile-toggle">
          <Switch
            large
            checked={notifications[key]}
            label={t(`profile:settings.${key}`)}
            onChange={(e) => onNotificationsChange({ [key]: e.currentTarget.checked })}
            data-setting={key}
          />
          <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t(`profile:settings.${help}`)}</p>
        </div>
      ))}
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
