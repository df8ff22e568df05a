import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { charLength, PROMPT_BACKUP_LIMITS } from '@contracts/field-limits.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { agentsKeys } from './keys.ts';

/** A saved copy of an agent's system prompt. */
export interface PromptBackup {
  id: string;
  name: string;
  description: string | null;
  systemPrompt: string;
  createdAt: string;
}

export async function fetchBackups(agentId: string): Promise<PromptBackup[]> {
  const { data, error } = await getSupabase()
    .from('prompt_backups')
    .select('id, name, description, system_prompt, created_at')
    .eq('agent_id', agentId)
    .order('created_at', { ascending: false });
  if (error) throw toAppError(error, 'generic');
  return (data ?? []).map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    systemPrompt: r.system_prompt,
    createdAt: r.created_at,
  }));
}

export function useBackupsQuery(agentId: string) {
  return useQuery({ queryKey: agentsKeys.backups(agentId), queryFn: () => fetchBackups(agentId) });
}

export interface NewBackup {
  name: string;
  description: string;
  systemPrompt: string;
}

/** Name required (trimmed), description optional. */
export function backupNameValid(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length > 0 && charLength(trimmed) <= PROMPT_BACKUP_LIMITS.name;
}

export async function createBackup(agent: { id: string; userId: string }, backup: NewBackup): Promise<void> {
  const { error } = await getSupabase()
    .from('prompt_backups')
    .insert({
      agent_id: agent.id,
      user_id: agent.userId,
      name: backup.name.trim(),
      description: backup.description.trim() === '' ? null : backup.description.trim(),
      system_prompt: backup.systemPrompt,
    });
  if (error) throw toAppError(error, 'generic');
}

export async function deleteBackup(backupId: string): Promise<void> {
  const { error } = await getSupabase().from('prompt_backups').delete().eq('id', backupId);
  if (error) throw toAppError(error, 'generic');
}

export function useBackupMutations(agent: { id: string; userId: string }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: agentsKeys.backups(agent.id) });
  return {
    create: useMutation({ mutationFn: (backup: NewBackup) => createBackup(agent, backup), onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteBackup, onSuccess: refresh }),
  };
}
