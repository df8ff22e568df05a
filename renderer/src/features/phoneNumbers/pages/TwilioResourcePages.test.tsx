// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';

const call = vi.fn<(method: string, path: string) => Promise<unknown>>();
vi.mock('../api/phoneFunction.ts', () => ({
  callPhoneNumbers: (method: string, path: string) => call(method, path),
}));

const { AddressesPage } = await import('./AddressesPage.tsx');
const { CallerIdsPage } = await import('./CallerIdsPage.tsx');

const address = {
  sid: 'AD1',
  customerName: 'Chez Marcel',
  street: '1 rue de la Paix',
  city: 'Paris',
  region: 'IDF',
  postalCode: '75002',
  isoCountry: 'FR',
  friendlyName: 'Shop',
};

function renderPage(page: React.ReactNode, lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        {page}
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

let configured = true;
beforeEach(() => {
  configured = true;
  call.mockImplementation((method, path) => {
    if (path === 'status') return Promise.resolve({ configured, defaultVoiceMode: 'any-model' });
    if (method === 'GET' && path === 'addresses') return Promise.resolve({ addresses: [address] });
    if (method === 'GET' && path === 'caller-ids')
      return Promise.resolve({ callerIds: [{ phoneNumber: '+33612345678', friendlyName: 'Desk', verified: false }] });
    if (method === 'DELETE') return Promise.resolve({ deleted: true });
    return Promise.reject(new Error(`unexpected ${method} ${path}`));
  });
});
afterEach(() => {
  cleanup();
  call.mockReset();
});

describe('Twilio resource pages', () => {
  it('lists the owner’s addresses and deletes one only after the confirmation', async () => {
    renderPage(<AddressesPage />);
    const row = await screen.findByTestId('address-row');
    expect(row.textContent).toContain('Chez Marcel');
    expect(row.textContent).toContain('Paris, IDF');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByText('Delete the address of Chez Marcel?');
    expect(call).not.toHaveBeenCalledWith('DELETE', expect.anything());
    fireEvent.click(within(alert.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('DELETE', 'addresses/AD1'));
  });

  it('shows caller IDs with their verification state, in French too', async () => {
    renderPage(<CallerIdsPage />, 'fr');
    const row = await screen.findByTestId('caller-id-row');
    expect(row.textContent).toContain('Desk');
    expect(row.textContent).toContain('Vérification en attente');
    fireEvent.click(within(row).getByRole('button', { name: 'Supprimer' }));
    const alert = await screen.findByText(/^Supprimer l’identifiant .+ \?$/);
    fireEvent.click(within(alert.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(call).toHaveBeenCalledWith('DELETE', 'caller-ids/%2B33612345678'));
  });

  it('says Twilio is not configured instead of loading the list', async () => {
    configured = false;
    renderPage(<AddressesPage />);
    await screen.findByText(/Twilio/);
    expect(call).not.toHaveBeenCalledWith('GET', 'addresses');
    expect(screen.queryByRole('button', { name: 'Add address' })).toBeNull();
  });
});
