// @vitest-environment jsdom
import { StorageApiError } from '@supabase/supabase-js';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toAppError } from '../../../errors/appError.ts';
import { createI18n } from '../../../i18n/index.ts';
import { callHistoryTexts } from '../locales/calls.fr.ts';

/** A stand-in for wavesurfer: records its listeners so a test can raise the player's own errors. */
const listeners = new Map<string, (...args: unknown[]) => void>();
vi.mock('wavesurfer.js', () => ({
  default: {
    create: () => ({
      on: (event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener),
      destroy: () => undefined,
      getDecodedData: () => null,
      playPause: async () => undefined,
    }),
  },
}));

const { WaveformPlayer } = await import('./WaveformPlayer.tsx');

/** Storage's refusal as storage-js throws it: HTTP 400, the real status in `statusCode`. */
const storageRefusal = (statusCode: string, code: string, message: string) =>
  toAppError(new StorageApiError(message, 400, statusCode, 'storage', code));

function renderPlayer(props: { url: string | null; signError: unknown }, lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <WaveformPlayer {...props} onRetry={() => undefined} />
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  listeners.clear();
});

describe('the recording player’s errors (French in both languages)', () => {
  it('says the file is missing when Storage refuses to sign a missing object (404)', () => {
    renderPlayer({ url: null, signError: storageRefusal('404', 'NoSuchKey', 'Object not found') });
    expect(screen.getByRole('alert').textContent).toBe('Fichier audio introuvable');
  });

  it('says access is denied when Storage refuses the object (403), in the French console too', () => {
    renderPlayer({ url: null, signError: storageRefusal('403', 'AccessDenied', 'Unauthorized') }, 'fr');
    expect(screen.getByRole('alert').textContent).toBe('Accès refusé au fichier audio');
  });

  it('says the file is missing when the signed URL itself answers 404 while loading', async () => {
    renderPlayer({ url: 'https://storage.test/recordings/a.wav?token=t', signError: null });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () =>
      listeners.get('error')?.(new Error('Failed to fetch https://storage.test/a.wav: 404 (Not Found)')),
    );
    expect(screen.getByRole('alert').textContent).toBe('Fichier audio introuvable');
  });
});

describe('the audio and download error texts', () => {
  it('uses the catalogue’s wording, straight apostrophes included', () => {
    const { errors } = callHistoryTexts.player;
    expect(errors).toMatchObject({
      load: "Erreur lors du chargement de l'audio",
      cors: 'Erreur CORS: Accès non autorisé au fichier audio',
      notFound: 'Fichier audio introuvable',
      forbidden: 'Accès refusé au fichier audio',
      network: 'Erreur réseau: Impossible de charger le fichier audio',
      visualisation: "Erreur lors de l'initialisation de la visualisation",
    });
    // the catalogue elides the rest of this one ('Erreur inconnue...')
    expect(errors.unknown.startsWith('Erreur inconnue')).toBe(true);
    expect(Object.values(errors).join()).not.toContain('’');
    expect(callHistoryTexts.downloadError).toBe('Erreur lors du téléchargement du fichier audio. Veuillez réessayer.');
  });
});
