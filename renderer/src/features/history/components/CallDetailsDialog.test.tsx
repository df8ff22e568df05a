// @vitest-environment jsdom
import { StorageApiError } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { CallRow } from '../api/callHistory.ts';

vi.mock('wavesurfer.js', () => ({
  default: {
    create: () => ({ on: () => undefined, destroy: () => undefined, getDecodedData: () => null }),
  },
}));
type StorageAnswer = { data: unknown; error: unknown };
const createSignedUrl = vi.fn<(path: string, seconds: number) => Promise<StorageAnswer>>();
const download = vi.fn<(path: string) => Promise<StorageAnswer>>();
vi.mock('../../../lib/supabase.ts', () => ({
  getSupabase: () => ({ storage: { from: () => ({ createSignedUrl, download }) } }),
}));

const { CallDetailsDialog } = await import('./CallDetailsDialog.tsx');

const call: CallRow = {
  kind: 'gsm',
  id: 'c1',
  agent_id: 'a1',
  agent_name: 'Front desk',
  from_number: '+33612345678',
  to_number: '+15550000001',
  status: 'completed',
  duration: 65,
  started_at: '2026-11-20T10:00:00Z',
  recording_path: 'owner/a1/calls/c1.wav',
  recording_mime: 'audio/wav',
  conversation_id: null,
};

/** Storage's refusal as the HTTP layer gives it to storage-js: 400, the real status in the body. */
const refusal = (statusCode: string, code: string, message: string) => ({
  data: null,
  error: new StorageApiError(message, 400, statusCode, 'storage', code),
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <QueryClientProvider client={client}>
        <CallDetailsDialog call={call} onClose={() => undefined} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  createSignedUrl.mockReset();
  download.mockReset();
});

describe('call details: recording errors', () => {
  it('shows Fichier audio introuvable when Storage will not sign a missing recording', async () => {
    createSignedUrl.mockResolvedValue(refusal('404', 'NoSuchKey', 'Object not found'));
    renderDialog();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Fichier audio introuvable'));
  });

  it('shows the access-denied text when Storage refuses the recording', async () => {
    createSignedUrl.mockResolvedValue(refusal('403', 'AccessDenied', 'new row violates row-level security policy'));
    renderDialog();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Accès refusé au fichier audio'));
  });

  it('alerts the French download error when the download fails, and saves nothing', async () => {
    createSignedUrl.mockResolvedValue({ data: { signedUrl: 'https://storage.test/c1.wav?token=t' }, error: null });
    download.mockResolvedValue(refusal('500', 'InternalError', 'Internal Server Error'));
    const created = vi.spyOn(URL, 'createObjectURL');
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger' }));
    await screen.findByText('Erreur lors du téléchargement du fichier audio. Veuillez réessayer.');
    expect(download).toHaveBeenCalledWith('owner/a1/calls/c1.wav');
    expect(created).not.toHaveBeenCalled();
  });
});
