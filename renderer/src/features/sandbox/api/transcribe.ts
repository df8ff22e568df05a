import { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

const answer = z.object({ result: z.object({ text: z.string() }) });

/** owner-assist's `transcribe` task (owners only): `{audio: data URL, language?}` → `{result: {text}}`. */
export async function transcribeAudio(audio: string, language: string): Promise<string> {
  const code = language.slice(0, 2).toLowerCase();
  const body: Record<string, unknown> = { task: 'transcribe', audio };
  if (/^[a-z]{2}$/.test(code)) body.language = code;
  const { data, error } = await getSupabase().functions.invoke('owner-assist', { body });
  if (error) throw await functionAppError(error, { context: 'generic' });
  return answer.parse(data).result.text;
}
