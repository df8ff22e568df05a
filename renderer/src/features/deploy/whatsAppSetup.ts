import { Intent } from '@blueprintjs/core';
import { DISCONNECTED_SENDER, senderNeedsAttention, type SenderState } from '@contracts/whatsapp.ts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess, toaster } from '../../components/toaster.ts';
import { toAppError } from '../../errors/appError.ts';
import { getRuntimeConfig } from '../../lib/supabase.ts';
import {
  useConnectWhatsAppMutation,
  useDisconnectWhatsAppMutation,
  useSenderStatusQuery,
  useVerifyWhatsAppMutation,
} from './api/whatsapp.ts';
import { runEmbeddedSignup, type SignupOutcome, type SignupSettings } from './embeddedSignup.ts';
import { errorText, messageText } from '../../errors/errorText.ts';
import type { ConsoleKey } from '../../i18n/keys.ts';

/** The embedded sign-up's settings from the runtime config, or null ("not configured"). */
export function signupSettings(config: {
  facebookAppId?: string | undefined;
  facebookConfigId?: string | undefined;
  facebookSdkUrl?: string | undefined;
  twilioSolutionId?: string | undefined;
}): SignupSettings | null {
  if (!config.facebookAppId || !config.facebookConfigId || !config.facebookSdkUrl) return null;
  return {
    appId: config.facebookAppId,
    configId: config.facebookConfigId,
    sdkUrl: config.facebookSdkUrl,
    ...(config.twilioSolutionId ? { solutionId: config.twilioSolutionId } : {}),
  };
}

/** The toast each outcome that is not a finished sign-up gets (WhatsApp). */
export const OUTCOME_TOASTS: Record<Exclude<SignupOutcome['kind'], 'finish'>, ConsoleKey> = {
  cancel: 'deploy:whatsApp.toasts.cancelled',
  loginCancelled: 'deploy:whatsApp.toasts.loginCancelled',
  missingWaba: 'deploy:whatsApp.toasts.wabaMissing',
  error: 'deploy:whatsApp.toasts.error',
};

/**
 * The toast key and values for an outcome that is not a finished sign-up. Meta's ERROR may carry
 * no message: "Connection Error: " with nothing after it says nothing, so that one has its own words.
 */
export function outcomeToast(outcome: Exclude<SignupOutcome, { kind: 'finish' }>): {
  key: ConsoleKey;
  params?: Record<string, string>;
} {
  if (outcome.kind !== 'error') return { key: OUTCOME_TOASTS[outcome.kind] };
  const message = outcome.message?.trim() ?? '';
  return message ? { key: OUTCOME_TOASTS.error, params: { message } } : { key: 'deploy:whatsApp.toasts.errorUnknown' };
}

/**
 * WhatsApp on the Deploy page: the sender's state (stored, then polled), connecting (number check,
 * Meta's sign-up, then the server) and disconnecting, with a toast for each outcome
 * (no number, SDK missing, sign-up cancelled or failed, connected, disconnected).
 */
export function useWhatsAppSetup(agentId: string, stored: SenderState | null, hasNumber: boolean) {
  const { t } = useTranslation();
  const status = useSenderStatusQuery(agentId, stored);
  const connectMutation = useConnectWhatsAppMutation(agentId);
  const disconnectMutation = useDisconnectWhatsAppMutation(agentId);
  const verifyMutation = useVerifyWhatsAppMutation(agentId);
  // A refused code is said on the card, beside the field, until the owner sends another.
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const [signingUp, setSigningUp] = useState(false);
  const settings = signupSettings(getRuntimeConfig());
  const warn = (key: ConsoleKey, params: Record<string, unknown> = {}) =>
    toaster.show({ intent: Intent.WARNING, icon: 'warning-sign', message: messageText(t, key, params) });

  // A poll that finds the sender OFFLINE or ERROR toasts the setup notice, once per
  // status it moves to: the card keeps showing the notice, the next polls do not toast it again.
  const polled = status.isFetchedAfterMount ? status.data : undefined;
  const polledStatus = polled?.connected ? polled.status : null;
  const toastedIssue = useRef<string | null>(null);
  useEffect(() => {
    if (!senderNeedsAttention(polledStatus)) {
      toastedIssue.current = null;
      return;
    }
    if (toastedIssue.current === polledStatus) return;
    toastedIssue.current = polledStatus;
    toaster.show({ intent: Intent.DANGER, icon: 'warning-sign', message: t('deploy:whatsApp.setupIssue') });
  }, [polledStatus, t]);

  async function connect(): Promise<void> {
    if (!hasNumber) return warn('deploy:whatsApp.toasts.phoneRequired');
    if (!settings) return warn('deploy:whatsApp.toasts.notConfigured');
    setSigningUp(true);
    let outcome: SignupOutcome;
    try {
      outcome = await runEmbeddedSignup(settings);
    } catch {
      return warn('deploy:whatsApp.toasts.sdkNotLoaded');
    } finally {
      setSigningUp(false);
    }
    if (outcome.kind !== 'finish') {
      const toast = outcomeToast(outcome);
      return warn(toast.key, toast.params);
    }
    connectMutation.mutate(
      { wabaId: outcome.wabaId, code: outcome.code },
      {
        onSuccess: () => toastSuccess(t('deploy:whatsApp.toasts.connected')),
        onError: (error) => toastError(toAppError(error), t),
      },
    );
  }

  function verify(code: string): void {
    setVerifyError(null);
    verifyMutation.mutate(code, {
      onSuccess: () => toastSuccess(t('deploy:whatsApp.toasts.verified')),
      onError: (error) => {
        const appError = toAppError(error);
        setVerifyError(errorText(t, appError));
      },
    });
  }

  function disconnect(): void {
    disconnectMutation.mutate(undefined, {
      onSuccess: () => toastSuccess(t('deploy:whatsApp.toasts.disconnected')),
      onError: (error) => toastError(toAppError(error), t),
    });
  }

  return {
    sender: (status.data ?? stored ?? DISCONNECTED_SENDER) satisfies SenderState,
    signupConfigured: settings !== null,
    busy: signingUp || connectMutation.isPending || disconnectMutation.isPending,
    pollFailed: status.isError,
    connect: () => void connect(),
    disconnect,
    verify,
    verifying: verifyMutation.isPending,
    verifyError,
  };
}
