import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { modelSettingsSchema, type ModelSettingsForm } from '@contracts/ai-models.ts';
import { z } from 'zod';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { adminKeys } from './keys.ts';

const settingsRow = z.object({
  chat_model: z.string(),
  whatsapp_model: z.string(),
  internal_call_model: z.string(),
  gsm_call_model: z.string(),
});

/** The four models of `platform_settings` (one row, created by the migrations). */
export async function fetchModelSettings(): Promise<ModelSettingsForm> {
  const { data, error } = await getSupabase()
    .from('platform_settings')
    .select('chat_model, whatsapp_model, internal_call_model, gsm_call_model')
    .eq('id', 'default')
    .single();
  if (error) throw toAppError(error, 'fetchSettings');
  const row = settingsRow.parse(data);
  return {
    chatModel: row.chat_model,
    whatsappModel: row.whatsapp_model,
    internalCallModel: row.internal_call_model,
    gsmCallModel: row.gsm_call_model,
  };
}

export function useModelSettingsQuery() {
  return useQuery({ queryKey: adminKeys.modelSettings(), queryFn: fetchModelSettings });
}

/** Saves the models; RLS lets only an admin update the row, and a trigger audits the change. */
export async function saveModelSettings(settings: ModelSettingsForm): Promise<void> {
  const valid = modelSettingsSchema.parse(settings);
  const { data, error } = await getSupabase()
    .from('platform_settings')
    .update({
      chat_model: valid.chatModel,
      whatsapp_model: valid.whatsappModel,
      internal_call_model: valid.internalCallModel,
      gsm_call_model: valid.gsmCallModel,
    })
    .eq('id', 'default')
    .select('id');
  if (error) throw toAppError(error, 'saveSettings');
  // RLS filters a refused update to zero rows instead of an error.
  if (!data || data.length === 0) throw toAppError({ message: 'forbidden', code: '42501', details: null, hint: null });
}

export function useSaveModelSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveModelSettings,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.modelSettings() }),
  });
}
