// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { AgentSummary } from '../api/listAgents.ts';
import { AgentCard } from './AgentCard.tsx';
import { DeleteAgentDialog } from './DeleteAgentDialog.tsx';

afterEach(cleanup);

const agent: AgentSummary = {
  id: 'a1',
  name: 'Clara',
  companyName: 'Le Petit Bistrot',
  avatarUrl: null,
  voice: 'female',
  toolCount: 2,
  documentCount: 1,
  phoneNumber: '+33123456789',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-21T09:05:00Z',
};

function renderIn(lang: 'en' | 'fr', node: React.ReactNode) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('AgentCard', () => {
  it('shows every field of the card and links Edit and Test to the agent routes', () => {
    const onDelete = vi.fn();
    renderIn('en', <AgentCard agent={agent} onDelete={onDelete} />);
    expect(screen.getByRole('heading', { name: 'Clara' })).toBeTruthy();
    for (const text of [
      'Le Petit Bistrot',
      '2 tools',
      '1 document',
      'Female voice',
      '+33123456789',
      'Updated 21 Nov 2026, 09:05',
    ]) {
      expect(screen.getByText(text, { exact: false }), text).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Edit' }).getAttribute('href')).toBe('/agents/a1/configure');
    expect(screen.getByRole('button', { name: 'Test' }).getAttribute('href')).toBe('/agents/a1/test');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(agent);
  });

  it('says when no number is assigned, in French', () => {
    renderIn(
      'fr',
      <AgentCard agent={{ ...agent, phoneNumber: null, toolCount: 0, voice: 'male' }} onDelete={() => undefined} />,
    );
    expect(screen.getByText('Aucun numéro')).toBeTruthy();
    expect(screen.getByText('0 outil', { exact: false })).toBeTruthy();
    expect(screen.getByText('Voix masculine')).toBeTruthy();
  });
});

describe('DeleteAgentDialog', () => {
  const confirmButton = () =>
    screen
      .getAllByRole('button', { name: 'Delete' })
      .find((b) => b.getAttribute('type') === 'submit') as HTMLButtonElement;

  it('enables Delete only for the exact name, then deletes and closes', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderIn('en', <DeleteAgentDialog agent={agent} onClose={onClose} onConfirm={onConfirm} />);
    const input = screen.getByLabelText('Type the agent name to confirm: Clara');
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'clara' } });
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Clara' } });
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledWith('a1');
  });

  it('keeps the dialog open with "Failed to delete agent" when deletion fails', async () => {
    const onClose = vi.fn();
    renderIn(
      'en',
      <DeleteAgentDialog agent={agent} onClose={onClose} onConfirm={() => Promise.reject(new Error('boom'))} />,
    );
    fireEvent.change(screen.getByLabelText('Type the agent name to confirm: Clara'), { target: { value: 'Clara' } });
    fireEvent.click(confirmButton());
    expect(await screen.findByText('Failed to delete agent')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
