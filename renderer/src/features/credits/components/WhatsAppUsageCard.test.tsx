// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../errors/appError.ts';
import { createI18n } from '../../../i18n/index.ts';
import type { WhatsAppUsage } from '../api/getWhatsAppUsage.ts';
import { WhatsAppUsageBlock } from './WhatsAppUsageCard.tsx';

afterEach(cleanup);

const usage = (change: Partial<WhatsAppUsage> = {}): WhatsAppUsage => ({
  conversationsUsed: 3,
  conversationsIncluded: 100,
  messagesSent: 1234,
  tokens: 45678,
  speechCharacters: 0,
  ...change,
});
const loaded = (data: WhatsAppUsage) => ({ data, error: null, isPending: false, isError: false, refetch: vi.fn() });

function renderIn(lang: 'en' | 'fr', query: Parameters<typeof WhatsAppUsageBlock>[0]['query']) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <WhatsAppUsageBlock query={query} />
    </I18nextProvider>,
  );
}
const cell = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

describe('WhatsAppUsageBlock', () => {
  it('shows conversations used of the pack’s, messages sent and the metered cost', () => {
    renderIn('en', loaded(usage({ speechCharacters: 1 })));
    expect(cell('whatsapp-usage-conversations')).toBe('3 of 100');
    expect(cell('whatsapp-usage-messages')).toBe('1,234');
    expect(cell('whatsapp-usage-cost')).toBe('45,678 model tokens1 character of voice notes');
    expect(screen.getByText(/use no credits/)).toBeTruthy();
  });

  it('says unlimited for -1, in French, and leaves voice notes out when none were spoken', () => {
    renderIn('fr', loaded(usage({ conversationsIncluded: -1, conversationsUsed: 12 })));
    expect(screen.getByText('WhatsApp ce mois-ci')).toBeTruthy();
    expect(cell('whatsapp-usage-conversations')).toBe('12 (illimitées)');
    expect(cell('whatsapp-usage-cost')).toBe('45 678 jetons de modèle');
  });

  it('is hidden when the pack includes no WhatsApp conversations (0)', () => {
    renderIn('en', loaded(usage({ conversationsIncluded: 0, conversationsUsed: 0 })));
    expect(screen.queryByTestId('whatsapp-usage')).toBeNull();
  });

  it('draws a skeleton while loading, then the error with a retry', () => {
    const { container, unmount } = renderIn('en', {
      data: undefined,
      error: null,
      isPending: true,
      isError: false,
      refetch: vi.fn(),
    });
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(screen.queryByTestId('whatsapp-usage')).toBeNull();
    unmount();
    const refetch = vi.fn();
    renderIn('fr', {
      data: undefined,
      error: new AppError({
        source: 'database',
        code: 'XX000',
        messageKey: 'errors:generic.somethingWentWrong',
        message: 'boom',
      }),
      isPending: false,
      isError: true,
      refetch,
    });
    expect(screen.getByText('Impossible de charger votre usage WhatsApp')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
