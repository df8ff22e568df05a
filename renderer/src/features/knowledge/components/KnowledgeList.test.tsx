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
  errorCode: null,
  sizeBytes: 2048,
  chunkCount: 0,
  storagePath: null,
  createdAt: '2026-11-22T10:00:00Z',
};
const documents: KnowledgeDocument[] = [
  { ...base, id: 'd1', name: 'menu.pdf', status: 'uploaded', chunkCount: 3 },
  { ...base, id: 'd2', name: 'tarifs.csv', status: 'processing', progress: 40 },
  { ...base, id: 'd3', name: 'scan.pdf', status: 'failed', error: 'The PDF has no text layer.' },
  { ...base, id: 'd4', name: 'hours.txt', status: 'uploading', progress: 30 },
  {
    ...base,
    id: 'd5',
    name: 'wines.pdf',
    status: 'failed',
    error: 'The upload was interrupted before the whole file arrived.',
    errorCode: 'upload_interrupted',
  },
  { ...base, id: 'd6', name: 'team.docx', status: 'uploading', progress: 10 },
];
const uploads: PendingUpload[] = [
  { key: 'u1', name: 'faq.txt', size: 100, phase: 'uploading', fraction: 0.25, documentId: null },
  // This page is sending team.docx: its row follows the page's own progress, not the last report.
  { key: 'u2', name: 'team.docx', size: 100, phase: 'uploading', fraction: 0.6, documentId: 'd6' },
];

function renderList(lang: 'en' | 'fr', props: Partial<Parameters<typeof KnowledgeList>[0]> = {}) {
  const handlers = { onDelete: vi.fn(), onReingest: vi.fn(), onRetryUpload: vi.fn() };
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

  it('shows an upload of another page with its reported progress, and one of this page on its row only', () => {
    renderList('en');
    const item = (name: string) => within(screen.getByRole('listitem', { name }));
    expect(item('hours.txt').getByText('Uploading 30 %')).toBeTruthy();
    expect(screen.getAllByRole('listitem', { name: 'team.docx' })).toHaveLength(1);
    expect(item('team.docx').getByText('Uploading 60 %')).toBeTruthy();
    // Its file is still on its way: neither processed again nor removed from under the upload.
    expect(item('team.docx').queryByRole('button', { name: 'Process again' })).toBeNull();
    expect((item('team.docx').getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((item('hours.txt').getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lists an interrupted upload as failed with a retry and a delete, and hands it back to retry', () => {
    const { onRetryUpload, onDelete } = renderList('en');
    const row = screen.getByRole('listitem', { name: 'wines.pdf' });
    expect(row.getAttribute('data-status')).toBe('failed');
    expect(within(row).getByText('Upload interrupted')).toBeTruthy();
    expect(within(row).getByRole('alert').textContent).toBe(
      'The upload stopped before the whole file arrived. Retry to choose the file again.',
    );
    expect(within(row).queryByRole('button', { name: 'Process again' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    expect(onRetryUpload).toHaveBeenCalledWith(documents[4]);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(documents[4]);
    // Other failures keep their own reason and are processed again, not re-uploaded.
    expect(
      within(screen.getByRole('listitem', { name: 'scan.pdf' })).queryByRole('button', { name: 'Retry' }),
    ).toBeNull();
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
    const interrupted = within(screen.getByRole('listitem', { name: 'wines.pdf' }));
    expect(interrupted.getByText('Téléversement interrompu')).toBeTruthy();
    expect(interrupted.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
