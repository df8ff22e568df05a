// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_LIMITS, OWNER_ASSIST_LIMITS } from '@contracts/field-limits.ts';
import { createI18n } from '../i18n/index.ts';
import { CharCounter } from './CharCounter.tsx';
import { LimitedInput, LimitedTextArea } from './LimitedText.tsx';

afterEach(cleanup);

function show(value: string, lang: 'en' | 'fr' = 'en', max: number = AGENT_LIMITS.prompt) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <CharCounter value={value} max={max} testId="c" />
    </I18nextProvider>,
  );
}

const level = () => screen.getByTestId('c').getAttribute('data-level');
/** French groups thousands with a narrow no-break space; compare with plain spaces. */
const text = (id: string) => (screen.getByTestId(id).textContent ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('character counter of a field with a server limit', () => {
  it('shows the count and the contract limit with thousands separators: 1,234 / 100,000', () => {
    show('x'.repeat(1234));
    expect(text('c-count')).toBe('1,234 / 100,000');
    expect(level()).toBe('ok');
    expect(screen.queryByTestId('c-full')).toBeNull();
    expect(screen.queryByTestId('c-over')).toBeNull();
  });

  it('a French owner reads French digit grouping', () => {
    show('x'.repeat(1234), 'fr', OWNER_ASSIST_LIMITS.brief);
    expect(text('c-count')).toBe('1 234 / 20 000');
  });

  it('counts an emoji as one character, as Postgres does', () => {
    show('😀');
    expect(text('c-count')).toBe('1 / 100,000');
  });

  it('turns to the warning level from 90% of the limit, not before', () => {
    show('x'.repeat(89), 'en', 100);
    expect(level()).toBe('ok');
    cleanup();
    show('x'.repeat(90), 'en', 100);
    expect(level()).toBe('near');
    expect(screen.queryByTestId('c-full')).toBeNull();
  });

  it('at the limit it says the limit is reached, naming it', () => {
    show('x'.repeat(100), 'en', 100);
    expect(level()).toBe('full');
    expect(text('c-full')).toBe('Limit reached: 100 characters at most.');
  });

  it('past the limit it names the limit', () => {
    show('x'.repeat(AGENT_LIMITS.prompt + 1));
    expect(level()).toBe('over');
    expect(text('c-over')).toContain('100,000 characters');
  });

  it('a French user reads the limit in French', () => {
    show('x'.repeat(AGENT_LIMITS.prompt + 1), 'fr');
    expect(text('c-over')).toContain('Limite de 100 000 caractères');
  });
});

function Form({ initial = '', max, multiline }: { initial?: string; max: number; multiline: boolean }) {
  const [value, setValue] = useState(initial);
  const Field = multiline ? LimitedTextArea : LimitedInput;
  return (
    <I18nextProvider i18n={createI18n('en')}>
      <Field id="f" aria-label="field" value={value} max={max} onValueChange={setValue} />
    </I18nextProvider>
  );
}

describe.each([
  ['text area', true],
  ['one-line input', false],
])('a limited %s', (_name, multiline) => {
  const field = () => screen.getByLabelText('field') as HTMLInputElement | HTMLTextAreaElement;

  it('keeps what fits of a paste past the limit and says the limit is reached', () => {
    render(<Form max={10} multiline={multiline} />);
    fireEvent.change(field(), { target: { value: 'abcdefghijklmnop' } });
    expect(field().value).toBe('abcdefghij');
    expect(screen.getByTestId('f-counter-count').textContent).toBe('10 / 10');
    expect(screen.getByTestId('f-counter-full')).toBeTruthy();
  });

  it('refuses a keystroke at the limit', () => {
    render(<Form initial="abcdefghij" max={10} multiline={multiline} />);
    fireEvent.change(field(), { target: { value: 'abcdeXfghij' } });
    expect(field().value).toBe('abcdefghij');
  });

  it('describes the field by its counter', () => {
    render(<Form max={10} multiline={multiline} />);
    expect(field().getAttribute('aria-describedby')).toBe('f-counter');
    expect(document.getElementById('f-counter')).toBeTruthy();
  });
});
