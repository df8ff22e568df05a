// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { formatDate } from '../../../lib/dates.ts';
import { emptyConnector } from '../connectorModel.ts';
import { ConnectorDialog } from './ConnectorDialog.tsx';
import { DeliveriesTable } from './DeliveriesTable.tsx';

afterEach(cleanup);

function renderDialog() {
  const onSave = vi.fn();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <ConnectorDialog
        connector={emptyConnector('zapier')}
        isOpen
        saving={false}
        signingSecret="whsec_abc"
        onClose={() => {}}
        onSave={onSave}
      />
    </I18nextProvider>,
  );
  return onSave;
}

describe('ConnectorDialog', () => {
  it('keeps Save disabled while the URL is empty', () => {
    renderDialog();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses a URL that is not https and saves the trimmed https one', () => {
    const onSave = renderDialog();
    const field = screen.getByLabelText('Webhook URL');
    fireEvent.change(field, { target: { value: 'http://hooks.zapier.com/hooks/catch/1/a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('The webhook URL must use https.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '  https://hooks.zapier.com/hooks/catch/1/a ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('https://hooks.zapier.com/hooks/catch/1/a');
  });

  it('shows the signing secret for the owner to verify events', () => {
    renderDialog();
    expect((screen.getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_abc');
  });
});

describe('DeliveriesTable', () => {
  it('lists each delivery with its status and answer', () => {
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <DeliveriesTable
          deliveries={[
            {
              id: '1',
              kind: 'make',
              conversationId: 'c1',
              status: 'delivered',
              attempts: 1,
              statusCode: 200,
              error: null,
              lastAttemptAt: '2026-11-22T10:00:00Z',
              createdAt: '2026-11-22T10:00:00Z',
            },
            {
              id: '2',
              kind: 'zapier',
              conversationId: 'c2',
              status: 'pending',
              attempts: 2,
              statusCode: null,
              error: 'the webhook did not answer in time',
              lastAttemptAt: null,
              createdAt: '2026-11-22T09:00:00Z',
            },
          ]}
        />
      </I18nextProvider>,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent))).toEqual([
      [formatDate('2026-11-22T10:00:00Z', 'fr'), 'Make', 'Envoyé', 'HTTP 200', '1'],
      [
        formatDate('2026-11-22T09:00:00Z', 'fr'),
        'Zapier',
        'Nouvel essai',
        'Pas de réponse (injoignable ou délai dépassé)',
        '2',
      ],
    ]);
  });
});
