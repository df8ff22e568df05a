import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SENDER_POLL_MS, senderPollInterval, senderStateSchema, type SenderState } from '@contracts/whatsapp.ts';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from './keys.ts';

/** The codes the card explains in its own words (WhatsApp); others show the server's message. */
const codeKeys = {
  whatsapp_number_required: 'deploy:whatsApp.toasts.phoneRequired',
  twilio_not_configured: 'deploy:whatsApp.toasts.notConfigured',
  whatsapp_already_connected: 'deploy:whatsApp.toasts.alreadyConnected',
  whatsapp_waba_inaccessible: 'deploy:whatsApp.toasts.wabaInaccessible',
  whatsapp_verification_code_rejected: 'deploy:whatsApp.verification.rejected',
  whatsapp_not_awaiting_code: 'deploy:whatsApp.verification.notAwaiting',
} as const;

/** One call to the `whatsapp-senders` function; the answer is parsed with the contract. */
async function callSenders(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<SenderState> {
  const { data, error } = await getSupabase().functions.invoke(`whatsapp-senders/${path}`, {
    method,
    ...(body ? { body } : {}),
  });
  if (error) throw await functionAppError(error, { codeKeys, fallbackKey: 'deploy:whatsApp.toasts.serverError' });
  return senderStateSchema.parse(data);
}

/**
 * The sender's status, polled by contracts/whatsapp.ts senderPollInterval: 30 s
 * while CREATING, 60 s for other statuses, stopped once ONLINE, 60 s after a failed poll. Starts
 * from the state stored at the last check, so opening the page does not ask Twilio again at once.
 */
export function useSenderStatusQuery(agentId: string, stored: SenderState | null) {
  return useQuery({
    queryKey: deployKeys.whatsAppSender(agentId),
    queryFn: () => callSenders('GET', `status?agentId=${encodeURIComponent(agentId)}`),
    enabled: stored?.connected === true,
    ...(stored ? { initialData: stored, initialDataUpdatedAt: Date.parse(stored.lastStatusCheck ?? '') || 0 } : {}),
    // Fresh for a little less than the shortest interval: the interval decides when to ask again.
    staleTime: SENDER_POLL_MS.creating - 5_000,
    retry: false,
    refetchInterval: (query) =>
      senderPollInterval(query.state.data?.connected ? query.state.data.status : null, query.state.status === 'error'),
    meta: { silent: true },
  });
}

export function useConnectWhatsAppMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { wabaId: string; code: string | null }) =>
      callSenders('POST', 'connect', { agentId, wabaId: input.wabaId, ...(input.code ? { code: input.code } : {}) }),
    onSuccess: (state) => {
      client.setQueryData(deployKeys.whatsAppSender(agentId), state);
      return client.invalidateQueries({ queryKey: deployKeys.integrations(agentId) });
    },
    meta: { silent: true },
  });
}

/** The code WhatsApp sent to the sender's number (PENDING_VERIFICATION); the answer is VERIFYING. */
export function useVerifyWhatsAppMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callSenders('POST', 'verify', { agentId, code }),
    onSuccess: (state) => {
      client.setQueryData(deployKeys.whatsAppSender(agentId), state);
    },
    meta: { silent: true },
  });
}

export function useDisconnectWhatsAppMutation(agentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callSenders('POST', 'disconnect', { agentId }),
    onSuccess: (state) => {
      client.setQueryData(deployKeys.whatsAppSender(agentId), state);
      return client.invalidateQueries({ queryKey: deployKeys.integrations(agentId) });
    },
    meta: { silent: true },
  });
}
