import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { phoneVoiceModeSchema, type PhoneVoiceMode } from '@contracts/phone.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { deployKeys } from './keys.ts';

/** How the agent's calls are answered (null = the server's default) and its transfer number. */
export interface PhoneSettings {
  voiceMode: PhoneVoiceMode | null;
  transferNumber: string | null;
}

export async function fetchPhoneSettings(agentId: string): Promise<PhoneSettings> {
  const { data, error } = await getSupabase()
    .from('agents')
    .select('phone_voice_mode, transfer_number')
    .eq('id', agentId)
    .single();
  if (error) throw toAppError(error, 'generic');
  const mode = phoneVoiceModeSchema.safeParse(data.phone_voice_mode);
  return { voiceMode: mode.success ? mode.data : null, transferNumber: data.transfer_number };
}

export function usePhoneSettingsQuery(agentId: string) {
  return useQuery({ queryKey: deployKeys.phoneSettings(agentId), queryFn: () => fetchPhoneSettings(agentId) });
}

/** Saved to agents.phone_voice_mode / transfer_number (owner-updatable columns; Postgres checks both). */
export function useSavePhoneSettingsMutation(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: PhoneSettings) => {
      const { error } = await getSupabase()
        .from('agents')
        .update({ phone_voice_mode: settings.voiceMode, transfer_number: settings.transferNumber })
        .eq('id', agentId);
      if (error) throw toAppError(error, 'updateAgent');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deployKeys.phoneSettings(agentId) }),
  });
}
