// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { SettingsTab } from './SettingsTab.tsx';

afterEach(cleanup);

describe('SettingsTab', () => {
  it('reports each toggle and the language choice', () => {
    const onNotificationsChange = vi.fn();
    const onLanguageChange = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <SettingsTab
          notifications={{ emailAlerts: true, featureAnnouncements: true, usageReports: false }}
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
});
