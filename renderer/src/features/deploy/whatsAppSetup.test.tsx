// @vitest-environment jsdom
import { DISCONNECTED_SENDER, type SenderState } from '@contracts/whatsapp.ts';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../errors/appError.ts';
import { createI18n } from '../../i18n/index.ts';
import type { SignupOutcome } from './embeddedSignup.ts';
import { deployEn } from './locales/en.ts';
import { deployFr } from './locales/fr.ts';

const show = vi.fn();
const mutate = vi.fn();
const verifyMutate = vi.fn();
let runtime: Record<string, string | undefined> = {};
let statusQuery: { data: SenderState | undefined; isFetchedAfterMount: boolean; isError: boolean };
let signup: () => Promise<SignupOutcome>;

vi.mock('../../components/toaster.ts', () => ({
  toaster: { show: (toast: unknown) => show(toast) },
  toastError: vi.fn(),
  toastSuccess: vi.fn(),
}));
vi.mock('../../lib/supabase.ts', () => ({ getRuntimeConfig: () => runtime }));
vi.mock('./embeddedSignup.ts', () => ({ runEmbeddedSignup: () => signup() }));
vi.mock('./api/whatsapp.ts', () => ({
  useSenderStatusQuery: () => statusQuery,
  useConnectWhatsAppMutation: () => ({ mutate, isPending: false }),
  useDisconnectWhatsAppMutation: () => ({ mutate: vi.fn(), isPending: false }),
  useVerifyWhatsAppMutation: () => ({ mutate: verifyMutate, isPending: false }),
}));
const { signupSettings, useWhatsAppSetup } = await import('./whatsAppSetup.ts');

const sender = (status: string): SenderState => ({
  ...DISCONNECTED_SENDER,
  connected: true,
  senderId: 'XE1',
  phoneNumber: '+14155550100',
  status,
});

beforeEach(() => {
  show.mockReset();
  mutate.mockReset();
  verifyMutate.mockReset();
  runtime = { facebookAppId: '1', facebookConfigId: '2', facebookSdkUrl: 'https://connect.facebook.net/en_US/sdk.js' };
  statusQuery = { data: undefined, isFetchedAfterMount: false, isError: false };
  signup = async () => ({ kind: 'finish', wabaId: '42', code: 'c' });
});
afterEach(cleanup);

function setup(hasNumber = true, lang: 'en' | 'fr' = 'en') {
  const i18n = createI18n(lang);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(() => useWhatsAppSetup('agent-1', null, hasNumber), { wrapper });
}
/** Runs connect and returns the messages toasted. */
async function connect(hook: ReturnType<typeof setup>): Promise<string[]> {
  await act(async () => {
    hook.result.current.connect();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return show.mock.calls.map(([toast]) => (toast as { message: string }).message);
}

describe('signupSettings', () => {
  it("passes Twilio's Partner Solution ID on to the sign-up when the server configures one", () => {
    const base = { facebookAppId: '1', facebookConfigId: '2', facebookSdkUrl: 'https://x.example/sdk.js' };
    expect(signupSettings({ ...base, twilioSolutionId: '789' })).toEqual({
      appId: '1',
      configId: '2',
      sdkUrl: 'https://x.example/sdk.js',
      solutionId: '789',
    });
    expect(signupSettings(base)).not.toHaveProperty('solutionId');
    expect(signupSettings({ ...base, facebookConfigId: undefined })).toBeNull();
  });
});

describe('useWhatsAppSetup: connecting', () => {
  it('without a number says the phone is required and never opens Meta’s sign-up', async () => {
    signup = vi.fn();
    expect(await connect(setup(false))).toEqual([deployEn.whatsApp.toasts.phoneRequired]);
    expect(signup).not.toHaveBeenCalled();
  });

  it('says the SDK is not loaded when Facebook’s script cannot load', async () => {
    signup = () => Promise.reject(new Error('script blocked'));
    expect(await connect(setup())).toEqual([deployEn.whatsApp.toasts.sdkNotLoaded]);
    expect(mutate).not.toHaveBeenCalled();
  });

  it('says the WhatsApp Business Account ID is missing', async () => {
    signup = async () => ({ kind: 'missingWaba' });
    expect(await connect(setup())).toEqual(['WhatsApp Business Account ID is missing. Please try again.']);
  });

  it('tells CANCEL (sign-up closed) from a cancelled Facebook login, in English and French', async () => {
    signup = async () => ({ kind: 'cancel' });
    expect(await connect(setup())).toEqual([deployEn.whatsApp.toasts.cancelled]);
    show.mockReset();
    signup = async () => ({ kind: 'loginCancelled' });
    expect(await connect(setup())).toEqual([deployEn.whatsApp.toasts.loginCancelled]);
    show.mockReset();
    signup = async () => ({ kind: 'cancel' });
    const [cancelled] = await connect(setup(true, 'fr'));
    show.mockReset();
    signup = async () => ({ kind: 'loginCancelled' });
    const [login] = await connect(setup(true, 'fr'));
    expect([cancelled, login]).toEqual([deployFr.whatsApp.toasts.cancelled, deployFr.whatsApp.toasts.loginCancelled]);
    expect(cancelled).not.toBe(login);
    expect(deployEn.whatsApp.toasts.cancelled).not.toBe(deployEn.whatsApp.toasts.loginCancelled);
  });

  it('shows Meta’s ERROR message, and words of its own when Meta gives none', async () => {
    signup = async () => ({ kind: 'error', message: 'Business verification failed' });
    expect(await connect(setup())).toEqual(['Connection Error: Business verification failed']);
    show.mockReset();
    signup = async () => ({ kind: 'error', message: null });
    const [fallback] = await connect(setup());
    expect(fallback).toBe(deployEn.whatsApp.toasts.errorUnknown);
    expect(fallback).not.toMatch(/:\s*$/);
    show.mockReset();
    signup = async () => ({ kind: 'error', message: '  ' });
    expect(await connect(setup(true, 'fr'))).toEqual([deployFr.whatsApp.toasts.errorUnknown]);
  });

  it('a finished sign-up goes to the server with the WABA id and no warning', async () => {
    expect(await connect(setup())).toEqual([]);
    expect(mutate).toHaveBeenCalledWith({ wabaId: '42', code: 'c' }, expect.anything());
  });
});

describe('useWhatsAppSetup: the verification code', () => {
  it('sends the code, and keeps a refused code’s reason in the owner’s language for the card', () => {
    const hook = setup(true, 'fr');
    act(() => hook.result.current.verify('654321'));
    expect(verifyMutate).toHaveBeenCalledWith('654321', expect.anything());
    const [, options] = verifyMutate.mock.calls[0] as [string, { onError: (error: unknown) => void }];
    const refused = new AppError({
      source: 'function',
      code: 'whatsapp_verification_code_rejected',
      messageKey: 'deploy:whatsApp.verification.rejected',
      message: 'This verification code was not accepted.',
    });
    act(() => options.onError(refused));
    expect(hook.result.current.verifyError).toBe(deployFr.whatsApp.verification.rejected);
    // Another attempt clears it while it is being checked.
    act(() => hook.result.current.verify('123456'));
    expect(hook.result.current.verifyError).toBeNull();
  });
});

describe('useWhatsAppSetup: the polled status', () => {
  const messages = () => show.mock.calls.map(([toast]) => (toast as { message: string }).message);

  it('toasts the setup notice once when a poll finds the sender OFFLINE, again when it moves to ERROR', () => {
    statusQuery = { data: sender('CREATING'), isFetchedAfterMount: true, isError: false };
    const hook = setup();
    expect(messages()).toEqual([]);
    statusQuery = { data: sender('OFFLINE'), isFetchedAfterMount: true, isError: false };
    hook.rerender();
    expect(messages()).toEqual([deployEn.whatsApp.setupIssue]);
    // The next poll still says OFFLINE: the card shows it; no second toast.
    statusQuery = {
      data: { ...sender('OFFLINE'), lastStatusCheck: 'later' },
      isFetchedAfterMount: true,
      isError: false,
    };
    hook.rerender();
    expect(messages()).toHaveLength(1);
    statusQuery = { data: sender('ERROR'), isFetchedAfterMount: true, isError: false };
    hook.rerender();
    expect(messages()).toEqual([deployEn.whatsApp.setupIssue, deployEn.whatsApp.setupIssue]);
  });

  it('does not toast the stored state before any poll, nor an ONLINE sender', () => {
    statusQuery = { data: sender('ERROR'), isFetchedAfterMount: false, isError: false };
    const hook = setup();
    statusQuery = { data: sender('ONLINE'), isFetchedAfterMount: true, isError: false };
    hook.rerender();
    expect(messages()).toEqual([]);
  });
});
