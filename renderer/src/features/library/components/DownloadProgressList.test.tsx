// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import type { DownloadProgress } from '../api/desktopLibrary.ts';
import { libraryFr } from '../locales/fr.ts';
import { DownloadProgressList } from './DownloadProgressList.tsx';

afterEach(cleanup);

const JOB = '00000000-0000-4000-8000-000000000000';
const ids = {
  a: '11111111-1111-4111-8111-111111111111',
  b: '22222222-2222-4222-8222-222222222222',
  c: '33333333-3333-4333-8333-333333333333',
};
const names = new Map([
  [ids.a, 'Support line · +33612345000'],
  [ids.b, 'Support line · +33612345001'],
]);

function progress(id: string, patch: Partial<DownloadProgress>): DownloadProgress {
  return {
    jobId: JOB,
    id,
    state: 'queued',
    receivedBytes: 0,
    totalBytes: 64_044,
    resumedFrom: 0,
    error: null,
    ...patch,
  };
}

function show(downloads: DownloadProgress[], lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <DownloadProgressList downloads={downloads} names={names} />
    </I18nextProvider>,
  );
}

/** The bar's filled fraction, as assistive technology reads it (aria-valuenow is a percentage). */
function barOf(name: string): { now: number; row: HTMLElement } {
  const bar = screen.getByRole('progressbar', { name: `Download of ${name}` });
  return { now: Number(bar.getAttribute('aria-valuenow')), row: bar.closest('li')! };
}

describe('download progress list', () => {
  it('draws nothing before a download starts', () => {
    const { container } = show([]);
    expect(container.textContent).toBe('');
  });

  it('fills each bar with the bytes received so far, and full once verified', () => {
    show([
      progress(ids.a, { state: 'downloading', receivedBytes: 20_000 }),
      progress(ids.b, { state: 'done', receivedBytes: 64_044 }),
      progress(ids.c, { state: 'queued' }),
    ]);
    const downloading = barOf(names.get(ids.a)!);
    expect(downloading.now).toBeGreaterThan(0);
    expect(downloading.now).toBeLessThan(100);
    expect(downloading.now).toBe(Math.round((20_000 / 64_044) * 100));
    expect(downloading.row.getAttribute('data-state')).toBe('downloading');
    expect(downloading.row.textContent).toContain('Downloading');

    expect(barOf(names.get(ids.b)!).now).toBe(100);
    expect(barOf(names.get(ids.b)!).row.textContent).toContain('Done');

    // A call without a known name is shown by the start of its id, waiting at zero.
    const queued = barOf(ids.c.slice(0, 8));
    expect(queued.now).toBe(0);
    expect(queued.row.textContent).toContain('Waiting');
  });

  it('says why a download stopped and where a resumed one went on from', () => {
    show([
      progress(ids.a, { state: 'retrying', receivedBytes: 20_000, error: 'network', resumedFrom: 20_000 }),
      progress(ids.b, { state: 'failed', receivedBytes: 64_044, error: 'checksum_mismatch' }),
    ]);
    const retrying = barOf(names.get(ids.a)!);
    expect(retrying.now).toBeGreaterThan(0);
    expect(retrying.now).toBeLessThan(100);
    expect(retrying.row.textContent).toContain('Interrupted, resuming (the connection was lost) · resumed from');
    expect(barOf(names.get(ids.b)!).row.textContent).toContain('Failed (the file was damaged in transit (checksum))');
  });

  it('keeps the bar empty while the size is still unknown', () => {
    show([progress(ids.a, { state: 'downloading', receivedBytes: 5_000, totalBytes: 0 })]);
    expect(barOf(names.get(ids.a)!).now).toBe(0);
  });

  it('speaks French', () => {
    show([progress(ids.a, { state: 'downloading', receivedBytes: 1 })], 'fr');
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-label')).toBe(libraryFr.progress.label.replace('{{name}}', names.get(ids.a)!));
    expect(bar.closest('li')?.textContent).toContain(libraryFr.progress.states.downloading);
  });
});
