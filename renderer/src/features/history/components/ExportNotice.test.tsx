// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_ROW_CAP } from '@contracts/history.ts';
import { toAppError } from '../../../errors/appError.ts';
import { createI18n } from '../../../i18n/index.ts';
import { ExportNotice, useExportRunner, type ExportStatus } from './ExportNotice.tsx';

const i18n = createI18n('en');
const show = (status: ExportStatus) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ExportNotice status={status} texts="history:export" />
    </I18nextProvider>,
  );
afterEach(cleanup);

describe('export runner', () => {
  it('says nothing after a whole export, warns after a truncated one, alerts after a failure', async () => {
    const { result } = renderHook(() => useExportRunner());
    await act(() => result.current.run(async () => ({ truncated: false })));
    expect(result.current.status).toBeNull();
    await act(() => result.current.run(async () => ({ truncated: true })));
    expect(result.current.status).toEqual({ kind: 'truncated' });
    await act(() =>
      result.current.run(async () => {
        throw new Error('offline');
      }),
    );
    expect(result.current.status).toMatchObject({ kind: 'failed' });
    // a new export clears the last notice
    await act(() => result.current.run(async () => undefined));
    expect(result.current.status).toBeNull();
  });

  it('draws the cap warning with its count and the failure as an alert', () => {
    show({ kind: 'truncated' });
    expect(screen.getByRole('status').textContent).toContain(String(EXPORT_ROW_CAP));
    cleanup();
    show({ kind: 'failed', error: toAppError(new Error('offline')) });
    expect(screen.getByRole('alert').textContent).toMatch(/^The export failed: /);
  });
});
