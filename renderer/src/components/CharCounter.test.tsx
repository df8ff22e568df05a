// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_LIMITS } from '@contracts/field-limits.ts';
import { createI18n } from '../i18n/index.ts';
import { CharCounter } from './CharCounter.tsx';

afterEach(cleanup);

function show(value: string, lang: 'en' | 'fr' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <CharCounter value={value} max={AGENT_LIMITS.prompt} testId="c" />
    </I18nextProvider>,
  );
}

describe('character counter of a field with a server limit', () => {
  it('the prompt field shows 120 / 100000 from the contract limit', () => {
    show('x'.repeat(120));
    expect(screen.getByTestId('c-count').textContent).toBe(`120 / ${AGENT_LIMITS.prompt}`);
    expect(screen.queryByTestId('c-over')).toBeNull();
  });

  it('counts an emoji as one character, as Postgres does', () => {
    show('😀');
    expect(screen.getByTestId('c-count').textContent).toBe(`1 / ${AGENT_LIMITS.prompt}`);
  });

  it('past the limit it names the limit', () => {
    show('x'.repeat(AGENT_LIMITS.prompt + 1));
    expect(screen.getByTestId('c-over').textContent).toContain(`${AGENT_LIMITS.prompt} characters`);
  });

  it('a French user reads the limit in French', () => {
    show('x'.repeat(AGENT_LIMITS.prompt + 1), 'fr');
    expect(screen.getByTestId('c-over').textContent).toContain(`Limite de ${AGENT_LIMITS.prompt} caractères`);
  });
});
