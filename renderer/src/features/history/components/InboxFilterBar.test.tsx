// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { NO_INBOX_FILTERS } from '../inboxFilters.ts';
import { InboxFilterBar } from './InboxFilterBar.tsx';

afterEach(cleanup);

describe('inbox filter bar', () => {
  it('offers the visitors’ channels only: the owner’s sandbox tests are not in the inbox', () => {
    const onChange = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <InboxFilterBar filters={NO_INBOX_FILTERS} days={{ from: '', to: '' }} agents={[]} onChange={onChange} />
      </I18nextProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Channel' });
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'All channels'],
      ['web_chat', 'Web chat'],
      ['web_voice', 'Browser call'],
      ['phone', 'Phone call'],
      ['whatsapp', 'WhatsApp'],
    ]);
    fireEvent.change(select, { target: { value: 'phone' } });
    expect(onChange).toHaveBeenCalledWith({ ...NO_INBOX_FILTERS, channel: 'phone' }, { from: '', to: '' });
  });
});
