// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { LOW_CREDIT_THRESHOLD } from '@contracts/notifications.ts';
import { SettingsTab } from './SettingsTab.tsx';

afterEach(cleanup);

const settings = {
  emailAlerts: true,
  featureAnnouncements: true,
  usageReports: false,
  desktopConversations: true,
  desktopFailedCalls: true,
  desktopLowCredit: false,
};

describe('SettingsTab', () => {
  it('reports each toggle and the language choice', () => {
    const onNotificationsChange = vi.fn();
    const onLanguageChange = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <SettingsTab
          notifications={settings}
          lang="en"
          onNotificationsChange={onNotificationsChange}
          onLanguageChange={onLanguageChange}
        />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByLabelText('Usage reports'));
    expect(onNotificationsChange).toHaveBeenCalledWith({ usageReports: true });
    fireEvent.click(screen.getByLabelText('Email alerts'));
    expect(onNotificationsChange).toHaveBeenLastCalledWith({ emailAlerts: false });
    fireEvent.change(screen.getByLabelText('Interface language'), { target: { value: 'fr' } });
    expect(onLanguageChange).toHaveBeenCalledWith('fr');
  });

  it('reports the three desktop toggles and states the low-credit threshold', () => {
    const onNotificationsChange = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <SettingsTab
          notifications={settings}
          lang="fr"
          onNotificationsChange={onNotificationsChange}
          onLanguageChange={() => {}}
        />
      </I18nextProvider>,
    );
    expect(screen.getByText('Notifications du bureau')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Nouvelles conversations'));
    expect(onNotificationsChange).toHaveBeenLastCalledWith({ desktopConversations: false });
    fireEvent.click(screen.getByLabelText('Appels échoués'));
    expect(onNotificationsChange).toHaveBeenLastCalledWith({ desktopFailedCalls: false });
    fireEvent.click(screen.getByLabelText('Crédit faible'));
    expect(onNotificationsChange).toHaveBeenLastCalledWith({ desktopLowCredit: true });
    expect(screen.getByText(`Quand votre solde passe sous ${LOW_CREDIT_THRESHOLD} crédits.`)).toBeTruthy();
  });
});
