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

  it('shows the sync state, and the replaced notes, tags and rubric scores when a newer edit won', () => {
    show({ ...base, syncState: 'pending' });
    expect(document.querySelector('[data-sync-state]')?.textContent).toBe('Waiting to sync');
    cleanup();
    show({
      ...base,
      notes: 'Their newer notes',
      syncState: 'conflict',
      conflict: {
        discarded: {
          notes: 'My offline notes',
          tags: ['refund', 'urgent'],
          rubric: { greeting: 3, resolution: 4 },
        },
        discardedEditedAt: '2026-11-20T09:00:00.000Z',
        winnerEditedAt: '2026-11-20T11:00:00.000Z',
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('A newer edit made elsewhere replaced yours');
    const replaced = (what: string) => alert.querySelector(`[data-replaced="${what}"]`)?.textContent;
    expect(replaced('notes')).toBe('My offline notes');
    expect(replaced('tags')).toBe('refundurgent');
    expect(replaced('rubric')).toBe('Greeting 3 · Resolution 4 (Average: 3.5 / 5)');
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Their newer notes');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // The winning edit stays in the form.
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).value).toBe('Their newer notes');
  });

  it('says when the replaced edit had no notes, tags or scores, in French too', () => {
    render(
      <I18nextProvider i18n={createI18n('fr')}>
        <AnnotationEditor
          annotation={{
            ...base,
            syncState: 'conflict',
            conflict: {
              discarded: { notes: '', tags: [], rubric: {} },
              discardedEditedAt: '2026-11-20T09:00:00.000Z',
              winnerEditedAt: '2026-11-20T11:00:00.000Z',
            },
          }}
          saving={false}
          onSave={vi.fn()}
        />
      </I18nextProvider>,
    );
    const alert = screen.getByRole('alert');
    for (const what of ['notes', 'tags', 'rubric'])
      expect(alert.querySelector(`[data-replaced="${what}"]`)?.textContent).toBe('Aucune');
    fireEvent.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
