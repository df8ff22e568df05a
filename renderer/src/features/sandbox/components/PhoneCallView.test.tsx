// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../errors/appError.ts';
import { createI18n } from '../../../i18n/index.ts';
import type { PhoneCallSnapshot } from '../phone/phoneCall.ts';
import { PhoneCallView, type PhoneCallViewProps } from './PhoneCallView.tsx';

const i18n = createI18n('en');
afterEach(cleanup);

const LIVE: PhoneCallSnapshot = {
  status: 'in_progress',
  voiceMode: 'any_model',
  lines: [
    { id: 1, speaker: 'agent', text: 'Hello, Clara speaking.', streaming: false, interrupted: false, dtmf: false },
    { id: 2, speaker: 'caller', text: 'Menu?', streaming: false, interrupted: false, dtmf: false },
    { id: 3, speaker: 'agent', text: 'Our menu', streaming: false, interrupted: true, dtmf: false },
    { id: 4, speaker: 'caller', text: '1', streaming: false, interrupted: false, dtmf: true },
  ],
  language: 'en-US',
  agentSpeaking: false,
  connectedAt: 0,
  endedAt: null,
  endReason: null,
  error: null,
};

function view(overrides: Partial<PhoneCallViewProps> = {}) {
  const said: string[] = [];
  const pressed: string[] = [];
  let hungUp = 0;
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PhoneCallView
          state={LIVE}
          seconds={75}
          listening="unsupported"
          voiced={false}
          onSay={(t) => said.push(t)}
          onPress={(d) => pressed.push(d)}
          onHangUp={() => (hungUp += 1)}
          onClose={() => {}}
          {...overrides}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { said, pressed, hungUp: () => hungUp };
}

describe('PhoneCallView', () => {
  it('shows the mode, the timer and both sides, the cut reply marked, a key press as such', () => {
    view();
    expect(screen.getByTestId('sandbox-phone-mode').textContent).toBe('Any model — Twilio speech');
    expect(screen.getByTestId('sandbox-phone-timer').textContent).toBe('01:15');
    expect(screen.getAllByTestId('sandbox-phone-agent').map((l) => l.textContent)).toEqual([
      'AgentHello, Clara speaking.',
      'AgentOur menuinterrupted',
    ]);
    expect(screen.getAllByTestId('sandbox-phone-caller').map((l) => l.textContent)).toEqual([
      'CallerMenu?',
      'Callerpressed 1',
    ]);
  });

  it('offers the typed fallback when the browser cannot recognise speech, and sends what is typed', () => {
    const { said } = view();
    expect(screen.getByTestId('sandbox-phone-listening').textContent).toContain('cannot recognise speech');
    const input = screen.getByLabelText('Type what the caller says');
    fireEvent.change(input, { target: { value: 'Are you open on Sunday?' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(said).toEqual(['Are you open on Sunday?']);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('sends keypad presses and hangs up', () => {
    const { pressed, hungUp } = view();
    fireEvent.click(screen.getByTestId('sandbox-phone-keypad-toggle'));
    fireEvent.click(screen.getByRole('button', { name: 'Key #' }));
    expect(pressed).toEqual(['#']);
    fireEvent.click(screen.getByTestId('sandbox-phone-end'));
    expect(hungUp()).toBe(1);
  });

  it("says why a call ended: the server's no-credit message with a way to get credits, a relay failure with Twilio's code", () => {
    const error = new AppError({
      source: 'function',
      code: 'no_credits',
      message: 'You have no credits left.',
      messageKey: 'sandbox:phone.errors.noCredits',
      params: { message: 'You have no credits left.' },
      status: 402,
    });
    view({ state: { ...LIVE, lines: [], status: 'ended', endReason: 'start_failed', error } });
    expect(screen.getByTestId('sandbox-phone-ended').textContent).toContain('You have no credits left.');
    expect(screen.getByRole('link', { name: 'Get credits' }).getAttribute('href')).toBe('/credits');
    expect(screen.queryByLabelText('Type what the caller says')).toBeNull();
    cleanup();
    view({ state: { ...LIVE, status: 'ended', endReason: 'unreachable' } });
    expect(screen.getByRole('alert').textContent).toContain('Twilio error 64102');
  });

  it('explains that a natural-voice agent is called in any-model mode here', () => {
    view({ state: { ...LIVE, voiceMode: 'natural_voice' } });
    expect(screen.getByTestId('sandbox-phone-natural-note').textContent).toContain('natural voice');
  });
});
