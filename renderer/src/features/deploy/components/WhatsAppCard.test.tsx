// @vitest-environment jsdom
import { DISCONNECTED_SENDER, type SenderState } from '@contracts/whatsapp.ts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/index.ts';
import { deployEn } from '../locales/en.ts';
import { deployFr } from '../locales/fr.ts';
import { WhatsAppCard, type WhatsAppCardProps } from './WhatsAppCard.tsx';

const connected = (patch: Partial<SenderState> = {}): SenderState => ({
  connected: true,
  senderId: 'XE1',
  phoneNumber: '+14155550100',
  wabaId: '42',
  status: 'CREATING',
  businessStatus: 'pending',
  qualityRating: null,
  messagingLimits: null,
  offlineReasons: [],
  lastStatusCheck: '2026-01-01T00:00:00.000Z',
  ready: false,
  ...patch,
});

function renderCard(props: Partial<WhatsAppCardProps> = {}, lang: 'en' | 'fr' = 'en') {
  const all: WhatsAppCardProps = {
    agentId: 'agent-1',
    sender: DISCONNECTED_SENDER,
    hasNumber: true,
    brandingEnabled: true,
    signupConfigured: true,
    busy: false,
    pollFailed: false,
    onConnect: vi.fn(),
    onDisconnect: vi.fn(),
    onVerify: vi.fn(),
    verifying: false,
    verifyError: null,
    voiceReplies: false,
    voiceRepliesSaving: false,
    onVoiceRepliesChange: vi.fn(),
    ...props,
  };
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter>
        <WhatsAppCard {...all} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return all;
}

afterEach(cleanup);

describe('WhatsAppCard', () => {
  it('lets the owner turn voice-note replies on once connected, and says they need an AI key', () => {
    expect(renderCard().voiceReplies).toBe(false);
    expect(screen.queryByTestId('whatsapp-voice-replies')).toBeNull();
    cleanup();
    const props = renderCard({ sender: connected({ status: 'ONLINE' }) });
    const toggle = screen.getByLabelText(deployEn.whatsApp.voiceReplies);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(deployEn.whatsApp.voiceRepliesHelp)).toBeTruthy();
    fireEvent.click(toggle);
    expect(props.onVoiceRepliesChange).toHaveBeenCalledWith(true);
    cleanup();
    renderCard({ sender: connected(), voiceReplies: null }, 'fr');
    const loading = screen.getByLabelText(deployFr.whatsApp.voiceReplies);
    expect((loading as HTMLInputElement).disabled).toBe(true);
  });

  it('offers to connect; without a number it says one is needed but the click still reaches the setup (its toast)', () => {
    const props = renderCard({ hasNumber: false });
    expect(screen.getByTestId('whatsapp-status').textContent).toContain(deployEn.whatsApp.needsNumber);
    expect(screen.getByText(deployEn.whatsApp.notReady)).toBeTruthy();
    fireEvent.click(screen.getByTestId('whatsapp-connect'));
    expect(props.onConnect).toHaveBeenCalledOnce();
  });

  it('says sign-up is not configured without a Facebook app', () => {
    renderCard({ signupConfigured: false });
    expect(screen.getByText(deployEn.whatsApp.notConfigured)).toBeTruthy();
  });

  it('shows a CREATING sender as being created, without a quality rating or a code entry', () => {
    renderCard({ sender: connected() });
    expect(screen.getByTestId('whatsapp-status').dataset.status).toBe('CREATING');
    expect(screen.getByText(deployEn.whatsApp.readiness.creating)).toBeTruthy();
    expect(screen.queryByTestId('whatsapp-quality')).toBeNull();
    expect(screen.queryByTestId('whatsapp-verification')).toBeNull();
  });

  it.each([
    ['VERIFYING', deployEn.whatsApp.readiness.verifying],
    ['TWILIO_REVIEW', deployEn.whatsApp.readiness.inReview],
  ])('says %s in words, with no code entry', (status, words) => {
    renderCard({ sender: connected({ status }) });
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByTestId('whatsapp-verification')).toBeNull();
  });

  it('asks for the code WhatsApp sent while PENDING_VERIFICATION, and sends only 4 to 8 digits', () => {
    const props = renderCard({ sender: connected({ status: 'PENDING_VERIFICATION' }) });
    expect(screen.getByText(deployEn.whatsApp.readiness.awaitingCode)).toBeTruthy();
    expect(screen.getByTestId('whatsapp-verification').textContent).toContain('+14155550100');
    const field = screen.getByLabelText(deployEn.whatsApp.verification.label);
    fireEvent.change(field, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('whatsapp-verification-submit'));
    expect(screen.getByText(deployEn.whatsApp.verification.invalid)).toBeTruthy();
    expect(props.onVerify).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('whatsapp-verification-submit'));
    expect(props.onVerify).toHaveBeenCalledWith('123456');
    expect(screen.queryByText(deployEn.whatsApp.verification.invalid)).toBeNull();
  });

  it('shows why a code was refused, in French too', () => {
    renderCard(
      {
        sender: connected({ status: 'PENDING_VERIFICATION' }),
        verifyError: deployFr.whatsApp.verification.rejected,
      },
      'fr',
    );
    expect(screen.getByText(deployFr.whatsApp.verification.title)).toBeTruthy();
    expect(screen.getByLabelText(deployFr.whatsApp.verification.label)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(deployFr.whatsApp.verification.rejected);
  });

  it.each([
    ['HIGH', 'green', 'bp6-intent-success'],
    ['MEDIUM', 'yellow', 'bp6-intent-warning'],
    ['LOW', 'red', 'bp6-intent-danger'],
  ])('colours quality %s %s once ONLINE, and says ready', (rating, colour, intentClass) => {
    renderCard({ sender: connected({ status: 'ONLINE', qualityRating: rating, messagingLimits: '1K', ready: true }) });
    const quality = screen.getByTestId('whatsapp-quality');
    expect(quality.dataset.colour).toBe(colour);
    expect(quality.className).toContain(intentClass);
    expect(screen.getByText(deployEn.whatsApp.ready)).toBeTruthy();
    expect(screen.getByText('1K')).toBeTruthy();
  });

  it('shows the setup notice with the reasons when OFFLINE', () => {
    renderCard({
      sender: connected({
        status: 'OFFLINE',
        businessStatus: 'rejected',
        offlineReasons: [{ code: '63020', message: 'Meta invitation not accepted' }],
      }),
    });
    const notice = screen.getByTestId('whatsapp-setup-issue');
    expect(notice.textContent).toContain(deployEn.whatsApp.setupIssue);
    expect(notice.textContent).toContain('63020: Meta invitation not accepted');
  });

  it('disconnects only after confirmation, in French too', () => {
    const props = renderCard({ sender: connected({ status: 'ONLINE', ready: true }) }, 'fr');
    fireEvent.click(screen.getByTestId('whatsapp-disconnect'));
    expect(props.onDisconnect).not.toHaveBeenCalled();
    expect(screen.getByText(deployFr.whatsApp.confirmDisconnect)).toBeTruthy();
    fireEvent.click(screen.getAllByText(deployFr.whatsApp.disconnect).at(-1)!);
    expect(props.onDisconnect).toHaveBeenCalledOnce();
  });
});
