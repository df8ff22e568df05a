// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { WhatsAppTemplate } from '@contracts/whatsapp.ts';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { messagesEn } from '../locales/en.ts';
import { messagesFr } from '../locales/fr.ts';
import { TemplatePicker } from './TemplatePicker.tsx';

vi.mock('../api/templates.ts', () => ({ useTemplatesQuery: vi.fn() }));
vi.mock('../api/templateChoice.ts', () => ({
  useTemplateChoiceQuery: vi.fn(),
  useSaveTemplateChoiceMutation: () => ({ isPending: false, isSuccess: false, mutate: vi.fn() }),
}));
const { useTemplatesQuery } = await import('../api/templates.ts');
const { useTemplateChoiceQuery } = await import('../api/templateChoice.ts');
const { TemplateOutsideWindow } = await import('./TemplateOutsideWindow.tsx');

afterEach(cleanup);

const wrap = (node: React.ReactNode, language: 'en' | 'fr' = 'en') =>
  render(<I18nextProvider i18n={createI18n(language)}>{node}</I18nextProvider>);

const HX1 = `HX${'1'.repeat(32)}`;
const HX2 = `HX${'2'.repeat(32)}`;
const templates: WhatsAppTemplate[] = [
  {
    sid: HX1,
    friendlyName: 'order_ready',
    language: 'en',
    body: 'Hi {{1}}, order {{2}} is ready.',
    variables: { 1: 'name', 2: 'number' },
  },
  { sid: HX2, friendlyName: 'hello', language: 'fr', body: 'Bonjour !', variables: {} },
];
const select = () => screen.getByLabelText(messagesEn.template.label);
const save = () => fireEvent.click(screen.getByRole('button', { name: messagesEn.template.save }));

describe('TemplatePicker', () => {
  it('picks an approved template and saves it with its variables', () => {
    const onSave = vi.fn();
    wrap(<TemplatePicker templates={templates} choice={null} saving={false} onSave={onSave} />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      messagesEn.template.none,
      'order_ready (en)',
      'hello (fr)',
    ]);
    fireEvent.change(select(), { target: { value: HX1 } });
    expect(screen.getByText('Hi {{1}}, order {{2}} is ready.')).toBeTruthy();
    // The template's sample values prefill the variables; the owner changes one.
    fireEvent.change(screen.getByLabelText('Variable 1'), { target: { value: 'there' } });
    save();
    expect(onSave).toHaveBeenCalledWith({
      content_sid: HX1,
      friendly_name: 'order_ready',
      variables: { 1: 'there', 2: 'number' },
    });
  });

  it('shows the saved choice, and “no template” removes it', () => {
    const onSave = vi.fn();
    const choice = { content_sid: HX1, friendly_name: 'order_ready', variables: { 1: 'Ana', 2: '42' } };
    wrap(<TemplatePicker templates={templates} choice={choice} saving={false} onSave={onSave} />);
    expect((select() as HTMLSelectElement).value).toBe(HX1);
    expect((screen.getByLabelText('Variable 2') as HTMLInputElement).value).toBe('42');
    fireEvent.change(select(), { target: { value: '' } });
    expect(screen.queryByLabelText('Variable 1')).toBeNull();
    save();
    expect(onSave).toHaveBeenCalledWith(null);
  });
});

describe('TemplateOutsideWindow', () => {
  const query = (over: Record<string, unknown>) => ({
    data: undefined,
    error: null,
    isPending: false,
    isError: false,
    refetch: vi.fn(),
    ...over,
  });

  it('says how to get a template when the sender has none approved, in French too', () => {
    vi.mocked(useTemplatesQuery).mockReturnValue(query({ data: [] }) as never);
    vi.mocked(useTemplateChoiceQuery).mockReturnValue(query({ data: null }) as never);
    wrap(<TemplateOutsideWindow agentId="a" userId="u" />, 'fr');
    expect(screen.getByText(messagesFr.template.empty)).toBeTruthy();
    expect(screen.getByText(messagesFr.template.title)).toBeTruthy();
  });

  it('shows a loading skeleton, then an error with a retry', () => {
    vi.mocked(useTemplatesQuery).mockReturnValue(query({ isPending: true }) as never);
    vi.mocked(useTemplateChoiceQuery).mockReturnValue(query({ data: null }) as never);
    const { container, rerender } = wrap(<TemplateOutsideWindow agentId="a" userId="u" />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    const refetch = vi.fn();
    vi.mocked(useTemplatesQuery).mockReturnValue(query({ isError: true, error: new Error('down'), refetch }) as never);
    rerender(
      <I18nextProvider i18n={createI18n('en')}>
        <TemplateOutsideWindow agentId="a" userId="u" />
      </I18nextProvider>,
    );
    expect(screen.getByText(messagesEn.template.loadError)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(refetch).toHaveBeenCalled();
  });

  it('draws the picker with the saved choice once both are loaded', () => {
    vi.mocked(useTemplatesQuery).mockReturnValue(query({ data: templates }) as never);
    vi.mocked(useTemplateChoiceQuery).mockReturnValue(
      query({ data: { content_sid: HX2, friendly_name: 'hello', variables: {} } }) as never,
    );
    wrap(<TemplateOutsideWindow agentId="a" userId="u" />);
    expect((select() as HTMLSelectElement).value).toBe(HX2);
  });
});
