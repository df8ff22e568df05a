// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { TranslationWarning } from './TranslationWarning.tsx';

function renderAt(path: string, i18n = createI18n('en')) {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <TranslationWarning>
            <p>page content</p>
          </TranslationWarning>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return i18n;
}

const tick = () => act(() => vi.advanceTimersByTime(1000));

beforeEach(() => {
  vi.useFakeTimers();
  document.documentElement.className = '';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TranslationWarning', () => {
  it('blocks an agent editor while the page is translated, and restores it afterwards', () => {
    renderAt('/agents/a1/prompts');
    tick();
    expect(screen.getByText('page content')).toBeTruthy();
    document.documentElement.classList.add('translated-ltr');
    tick();
    expect(screen.queryByText('page content')).toBeNull();
    expect(screen.getByText(/unavailable while your browser translates it/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    document.documentElement.classList.remove('translated-ltr');
    tick();
    expect(screen.getByText('page content')).toBeTruthy();
  });

  it('only warns elsewhere, keeping the page', () => {
    renderAt('/dashboard');
    document.documentElement.classList.add('translated-ltr');
    tick();
    expect(screen.getByText('page content')).toBeTruthy();
    expect(screen.getByText('Browser automatic translation may cause functionality issues.')).toBeTruthy();
  });

  it('does not mistake the console switching its own language for a translation', async () => {
    const i18n = renderAt('/dashboard');
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    tick();
    tick();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
