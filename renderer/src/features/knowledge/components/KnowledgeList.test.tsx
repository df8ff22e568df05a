// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { KnowledgeDocument } from '../api/knowledgeDocuments.ts';
import { KnowledgeList, type PendingUpload } from './KnowledgeList.tsx';

afterEach(cleanup);

const base: Omit<KnowledgeDocument, 'id' | 'name' | 'status'> = {
  type: 'pdf',
  progress: 0,
  error: null,
  sizeBytes: 2048,
  chunkCount: 0,
  storagePath: null,
  createdAt: '2026-11-22T10:00:00Z',
};
const documents: KnowledgeDocument[] = [
  { ...base, id: 'd1', name: 'menu.pdf', status: 'uploaded', chunkCount: 3 },
  { ...base, id: 'd2', name: 'tarifs.csv', status: 'processing', progress: 40 },
  { ...base, id: 'd3', name: 'scan.pdf', status: 'failed', error: 'The PDF has no text layer.' },
];
const uploads: PendingUpload[] = [
  { key: 'u1', name: 'faq.txt', size: 100, phase: 'uploading', fraction: 0.25, storagePath: null },
];

function renderList(lang: 'en' | 'fr', props: Partial<Parameters<typeof KnowledgeList>[0]> = {}) {
  const handlers = { onDelete: vi.fn(), onReingest: vi.fn() };
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <KnowledgeList documents={documents} uploads={uploads} busyIds={new Set()} {...handlers} {...props} />
    </I18nextProvider>,
  );
  return handlers;
}

describe('KnowledgeList', () => {
  it('shows each file with its state: upload percent, processing percent, ready with passages, failed with reason', () => {
    renderList('en');
    const item = (name: string) => within(screen.getByRole('listitem', { name }));
    expect(item('faq.txt').getByText('Uploading 25 %')).toBeTruthy();
    expect(item('tarifs.csv').getByText('Processing 40 %')).toBeTruthy();
    expect(item('menu.pdf').getByText('Ready')).toBeTruthy();
    expect(item('menu.pdf').getByText(/3 passages/)).toBeTruthy();
    expect(item('scan.pdf').getByText('Failed')).toBeTruthy();
    expect(item('scan.pdf').getByRole('alert').textContent).toBe('The PDF has no text layer.');
    // A document being processed cannot be processed again meanwhile.
    expect(item('tarifs.csv').queryByRole('button', { name: 'Process again' })).toBeNull();
  });

  it('hands the document to delete and re-ingest, and disables a busy one', () => {
    const { onDelete, onReingest } = renderList('en', { busyIds: new Set(['d1']) });
    fireEvent.click(within(screen.getByRole('listitem', { name: 'scan.pdf' })).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(documents[2]);
    fireEvent.click(
      within(screen.getByRole('listitem', { name: 'scan.pdf' })).getByRole('button', { name: 'Process again' }),
    );
    expect(onReingest).toHaveBeenCalledWith(documents[2]);
    const busy = within(screen.getByRole('listitem', { name: 'menu.pdf' })).getByRole('button', { name: 'Delete' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('speaks French', () => {
    renderList('fr');
    expect(within(screen.getByRole('listitem', { name: 'menu.pdf' })).getByText('Prêt')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'faq.txt' })).getByText('Téléversement 25 %')).toBeTruthy();
  });
});
