import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import type { ConsoleKey } from '../../../i18n/keys.ts';

/**
 * The `google-calendar` edge function (owners only): connection status, the Google consent URL,
 * the code exchange on return, and disconnect. Tokens never reach the console; they stay in the
 * server's agent_secrets.
 */
export const calendarKeys = {
  status: (agentId: string) => ['google-calendar', 'status', agentId] as const,
};

const status = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  calendarId: z.string().nullable(),
  connectedAt: z.string().nullable(),
});
export type CalendarStatus = z.infer<typeof status>;

const codeKeys = { google_not_configured: 'calendar:errors.notConfigured' } as const;

async function call<T>(body: Record<string, unknown>, shape: z.ZodType<T>, fallbackKey: ConsoleKey): Promise<T> {
  const { data, error } = await getSupabase().functions.invoke('google-calendar', { body });
  if (error) throw await functionAppError(error, { codeKeys, fallbackKey });
  return shape.parse(data);
}

export function fetchCalendarStatus(agentId: string): Promise<CalendarStatus> {
  return call({ action: 'status', agentId }, status, 'calendar:errors.statusFailed');
}

export async function startCalendarConnection(agentId: string, redirectUri: string): Promise<string> {
  const answer = await call(
    { action: 'start', agentId, redirectUri },
    z.object({ url: z.url({ protocol: /^https?$/ }) }),
    'calendar:errors.toggleFailed',
  );
  return answer.url;
}

export async function exchangeCalendarCode(code: string, state: string): Promise<{ agentId: string }> {
  return call(
    { action: 'exchange', code, state },
    z.object({ connected: z.literal(true), agentId: z.string() }),
    'calendar:errors.exchangeFailed',
  );
}

export async function disconnectCalendar(agentId: string): Promise<void> {
  await call(
    { action: 'disconnect', agentId },
    z.object({ connected: z.literal(false) }),
    'calendar:errors.toggleFailed',
  );
}

export function useCalendarStatusQuery(agentId: string) {
  return useQuery({ queryKey: calendarKeys.status(agentId), queryFn: () => fetchCalendarStatus(agentId) });
}

export function useDisconnectCalendarMutation(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectCalendar(agentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarKeys.status(agentId) }),
  });
}
