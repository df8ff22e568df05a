// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../../i18n/index.ts';
import { CreateBackupDialog } from '../../prompts/BackupDialogs.tsx';
import { emptyDraft, type WizardDraft } from '../wizardModel.ts';
import { ToolsStep } from './ToolsStep.tsx';

afterEach(cleanup);

const tools = ['calendar', 'maps', 'payments'].map((id) => ({
  id,
  name: id.toUpperCase(),
  description: `${id} tool`,
  icon: 'calendar',
  defaultConfig: {},
  nameFr: '',
  descriptionFr: '',
}));

function Harness({ initial }: { initial: WizardDraft }) {
  const [draft, setDraft] = useState(initial);
  return <ToolsStep draft={draft} onChange={setDraft} tools={tools} />;
}

describe('ToolsStep', () => {
  it('marks recommended tools and toggles a card by click and keyboard', () => {
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <Harness initial={{ ...emptyDraft, sectorId: 'healthcare', brief: 'Donner l’adresse du cabinet' }} />
      </I18nextProvider>,
    );
    const card = (name: string) => screen.getByText(name).closest('[role=button]') as HTMLElement;
    expect(card('CALENDAR').textContent).toContain('Recommandé');
    expect(card('MAPS').textContent).toContain('Recommandé');
    expect(card('PAYMENTS').textContent).not.toContain('Recommandé');
    fireEvent.click(card('PAYMENTS'));
    expect(card('PAYMENTS').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(card('PAYMENTS'), { key: 'Enter' });
    expect(card('PAYMENTS').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('CreateBackupDialog', () => {
  it('needs a non-blank name and reports a failure in the dialog', async () => {
    const onCreate = () => Promise.reject(new Error('boom'));
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <CreateBackupDialog isOpen onClose={() => undefined} onCreate={onCreate} />
      </I18nextProvider>,
    );
    const create = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'v1' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    expect(await screen.findByText('Failed to create backup. Please try again.')).toBeTruthy();
  });
});
