// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { AnnotationState } from '../api/desktopLibrary.ts';
import { AnnotationEditor } from './AnnotationEditor.tsx';

afterEach(cleanup);

const base: AnnotationState = {
  notes: 'Caller was calm.',
  tags: ['billing'],
  rubric: { greeting: 4 },
  editedAt: '2026-11-20T10:00:00.000Z',
  syncState: 'synced',
  conflict: null,
};

function show(annotation: AnnotationState, onSave = vi.fn()) {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <AnnotationEditor annotation={annotation} saving={false} onSave={onSave} />
    </I18nextProvider>,
  );
  return onSave;
}

describe('annotation editor', () => {
  it('saves notes, tags and rubric scores as typed', () => {
    const onSave = show(base);
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Refund promised.' } });
    fireEvent.change(screen.getByLabelText('Resolution'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Greeting'), { target: { value: '' } });
    expect(screen.getByText('Average: 2 / 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ notes: 'Refund promised.', tags: ['billing'], rubric: { resolution: 2 } });
  });

  it('shows the sync state, and the replaced notes when a newer edit won', () => {
    show({ ...base, syncState: 'pending' });
    expect(document.querySelector('[data-sync-state]')?.textContent).toBe('Waiting to sync');
    cleanup();
    show({
      ...base,
      notes: 'Their newer notes',
      syncState: 'conflict',
      conflict: {
        discarded: { notes: 'My offline notes', tags: [], rubric: {} },
        discardedEditedAt: '2026-11-20T09:00:00.000Z',
        winnerEditedAt: '2026-11-20T11:00:00.000Z',
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A newer edit made elsewhere replaced yours');
    expect(alert.textContent).toContain('My offline notes');
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Their newer notes');
  });
});
