// @vitest-environment jsdom
import { Classes } from '@blueprintjs/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/index.ts';
import { TrialBox, type TrialBoxProps } from './TrialBox.tsx';

afterEach(cleanup);

function show(props: TrialBoxProps) {
  return render(
    <I18nextProvider i18n={createI18n('en')}>
      <TrialBox {...props} />
    </I18nextProvider>,
  );
}

describe('sidebar usage box', () => {
  it('shows the balance and the minutes used of the pack this period, in the Credits page words', () => {
    show({ balance: 488, usedMinutes: 12, totalMinutes: 500, packName: 'Pro' });
    expect(screen.getByTestId('minutes-balance').textContent).toBe('Balance: 488 minutes');
    expect(screen.getByTestId('minutes-period').textContent).toBe('Pack minutes this period: 12 / 500');
    expect(screen.getByTestId('minutes-period').className).not.toContain(Classes.SKELETON);
  });

  it('is a skeleton while the numbers load, not a false 0 / 0', () => {
    show({ balance: 0, usedMinutes: 0, totalMinutes: 0, packName: null, state: 'loading' });
    expect(screen.getByTestId('minutes-period').className).toContain(Classes.SKELETON);
  });

  it('says the usage is unavailable when it failed, and retries on request', () => {
    const onRetry = vi.fn();
    show({ balance: 0, usedMinutes: 0, totalMinutes: 0, packName: null, state: 'error', onRetry });
    expect(screen.getByText('Usage unavailable right now')).toBeTruthy();
    expect(screen.queryByTestId('minutes-period')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
