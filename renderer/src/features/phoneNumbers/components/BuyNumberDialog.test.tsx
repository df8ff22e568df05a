// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NUMBER_COUNTRIES_SHORT } from '@contracts/phone.ts';
import { createI18n } from '../../../i18n/index.ts';

const invoke = vi.fn();
vi.mock('../../../lib/supabase.ts', () => ({ getSupabase: () => ({ functions: { invoke } }) }));

const { BuyNumberDialog } = await import('./BuyNumberDialog.tsx');

const ADDRESS = 'AD' + 'a'.repeat(32);
const offer = (phoneNumber: string, addressRequirements: string) => ({
  phoneNumber,
  locality: 'London',
  region: 'ENG',
  addressRequirements,
  capabilities: { voice: true, sms: true, mms: false },
});

function serve(addresses: unknown[]) {
  invoke.mockImplementation((name: string) => {
    if (name.startsWith('phone-numbers/search')) {
      return Promise.resolve({
        data: { numbers: [offer('+442055500100', 'local'), offer('+442055500101', 'none')] },
        error: null,
      });
    }
    if (name === 'phone-numbers/addresses') return Promise.resolve({ data: { addresses }, error: null });
    if (name === 'phone-numbers/buy') {
      return Promise.resolve({ data: { id: 'n1', phoneNumber: '+442055500100', agentId: null }, error: null });
    }
    return Promise.reject(new Error(`unexpected ${name}`));
  });
}

function renderDialog() {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <BuyNumberDialog isOpen onClose={() => undefined} countries={NUMBER_COUNTRIES_SHORT} blockedReason={null} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const buyButton = (phoneNumber: string) =>
  within(document.querySelector<HTMLElement>(`[data-number="${phoneNumber}"]`)!).getByRole<HTMLButtonElement>(
    'button',
    { name: 'Buy' },
  );

afterEach(() => {
  cleanup();
  invoke.mockReset();
});

describe('BuyNumberDialog', () => {
  it('buys a number needing an address only with one of the owner’s addresses, and sends it', async () => {
    serve([
      {
        sid: ADDRESS,
        customerName: 'Ada Lovelace',
        street: '1 Main St',
        city: 'London',
        region: 'ENG',
        postalCode: 'N1',
        isoCountry: 'GB',
        friendlyName: null,
      },
    ]);
    renderDialog();
    fireEvent.click(screen.getByTestId('country-GB'));
    await screen.findByTestId('buy-address');
    expect(buyButton('+442055500100').disabled).toBe(true);
    expect(buyButton('+442055500101').disabled).toBe(false);

    const select = await screen.findByLabelText<HTMLSelectElement>('Address');
    fireEvent.change(select, { target: { value: ADDRESS } });
    expect(buyButton('+442055500100').disabled).toBe(false);
    fireEvent.click(buyButton('+442055500100'));
    await waitFor(() =>
      expect(invoke).toHaveBeenCalledWith('phone-numbers/buy', {
        method: 'POST',
        body: { phoneNumber: '+442055500100', countryCode: 'GB', addressSid: ADDRESS },
      }),
    );
  });

  it('links to the Addresses page when the owner has none', async () => {
    serve([]);
    renderDialog();
    fireEvent.click(screen.getByTestId('country-GB'));
    const add = await screen.findByTestId('buy-add-address');
    expect(add.getAttribute('href')).toBe('/twilio-numbers/addresses');
    expect(buyButton('+442055500100').disabled).toBe(true);
  });
});
