// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { OwnerSendAnswer, WhatsAppTemplate } from '@contracts/whatsapp.ts';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../errors/appError.ts';
import { createI18n } from '../../../i18n/index.ts';
import { messagesEn } from '../locales/en.ts';
import { messagesFr } from '../locales/fr.ts';
import { MessageComposer, type MessageComposerProps } from './MessageComposer.tsx';

afterEach(cleanup);

const NOW = Date.parse('2026-11-28T12:00:00Z');
const HOURS_AGO = (hours: number) => new Date(NOW - hours * 3600_000).toISOString();
const HX1 = `HX${'1'.repeat(32)}`;
const templates: WhatsAppTemplate[] = [
  {
    sid: HX1,
    friendlyName: 'order_ready',
    language: 'en',
    body: 'Hi {{1}}, order {{2}} is ready.',
    variables: { 1: 'name', 2: 'number' },
  },
];
const loaded = <T,>(data: T) => ({ data, error: null, isPending: false, isError: false, refetch: vi.fn() });

function renderComposer(change: Partial<MessageComposerProps> = {}, language: 'en' | 'fr' = 'en') {
  const props: MessageComposerProps = {
    lastInboundAt: HOURS_AGO(1),
    now: NOW,
    templates: loaded(templates),
    choice: null,
    sending: false,
    outcome: null,
    onSendText: vi.fn(async () => true),
    onSendTemplate: vi.fn(),
    ...change,
  };
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MessageComposer {...props} />
    </I18nextProvider>,
  );
  return props;
}
const box = () => screen.getByRole('textbox', { name: messagesEn.composer.label });
const answer = (change: Partial<OwnerSendAnswer>): OwnerSendAnswer => ({ sent: [], notSentReason: null, ...change });

describe('MessageComposer', () => {
  it('inside the 24-hour window sends the typed text and empties the box once it went out', async () => {
    const props = renderComposer({ lastInboundAt: HOURS_AGO(23.9) });
    expect(screen.queryByTestId('wa-window-closed')).toBeNull();
    fireEvent.change(box(), { target: { value: '  Your table is ready.  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: messagesEn.composer.send }));
    });
    expect(props.onSendText).toHaveBeenCalledWith('Your table is ready.');
    expect((box() as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the text when the message did not go out, and cannot send an empty one', async () => {
    const props = renderComposer({ onSendText: vi.fn(async () => false) });
    const send = screen.getByRole('button', { name: messagesEn.composer.send });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(box(), { target: { value: 'Hello' } });
    await act(async () => {
      fireEvent.click(send);
    });
    expect(props.onSendText).toHaveBeenCalledOnce();
    expect((box() as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('outside the window says why and sends an approved template with its variables', () => {
    const props = renderComposer({ lastInboundAt: HOURS_AGO(25) });
    expect(screen.getByTestId('wa-window-closed').textContent).toBe(messagesEn.composer.outsideWindow);
    expect(screen.queryByRole('textbox', { name: messagesEn.composer.label })).toBeNull();
    const send = screen.getByRole('button', { name: messagesEn.composer.sendTemplate });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(messagesEn.template.label), { target: { value: HX1 } });
    fireEvent.change(screen.getByLabelText('Variable 1'), { target: { value: 'Ana' } });
    fireEvent.click(send);
    expect(props.onSendTemplate).toHaveBeenCalledWith(
      { content_sid: HX1, variables: { 1: 'Ana', 2: 'number' } },
      'Hi Ana, order number is ready.',
    );
  });

  it('outside the window starts from the agent’s chosen template; says so in French', () => {
    renderComposer(
      {
        lastInboundAt: null,
        choice: { content_sid: HX1, friendly_name: 'order_ready', variables: { 1: 'Léa', 2: '42' } },
      },
      'fr',
    );
    expect(screen.getByTestId('wa-window-closed').textContent).toBe(messagesFr.composer.outsideWindow);
    expect((screen.getByLabelText(messagesFr.template.label) as HTMLSelectElement).value).toBe(HX1);
    expect((screen.getByLabelText('Variable 1') as HTMLInputElement).value).toBe('Léa');
  });

  it('outside the window without approved templates says how to get one', () => {
    renderComposer({ lastInboundAt: HOURS_AGO(30), templates: loaded([]) });
    expect(screen.getByText(messagesEn.template.empty)).toBeTruthy();
  });

  it('shows WhatsApp’s refusal with its code (63016), not a silent failure', () => {
    renderComposer({
      outcome: {
        kind: 'answer',
        answer: answer({ notSentReason: 'send_failed', failure: { code: 63016, message: 'Outside the window' } }),
      },
    });
    expect(screen.getByTestId('wa-send-error').textContent).toBe(
      messagesEn.twilioError['63016'].replace('{{code}}', '63016'),
    );
  });

  it('shows a refusal by the server and a failed request; confirms a sent message', () => {
    renderComposer({ outcome: { kind: 'answer', answer: answer({ notSentReason: 'outside_window' }) } });
    expect(screen.getByTestId('wa-send-error').textContent).toBe(messagesEn.reason.outside_window);
    cleanup();
    renderComposer({
      outcome: {
        kind: 'error',
        error: new AppError({ source: 'function', code: 'x', messageKey: 'messages:composer.failed', message: 'x' }),
      },
    });
    expect(screen.getByTestId('wa-send-error').textContent).toBe(messagesEn.composer.failed);
    cleanup();
    renderComposer({ outcome: { kind: 'answer', answer: answer({ sent: ['SM1'] }) } });
    expect(screen.getByRole('status').textContent).toBe(messagesEn.composer.sent);
  });
});
