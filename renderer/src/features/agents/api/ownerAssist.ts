import { z } from 'zod';
import { functionAppError } from '../../../errors/functionError.ts';
import { getSupabase } from '../../../lib/supabase.ts';

/**
 * The `owner-assist` edge function (owners only): brief extraction and drafting, system prompt
 * generation. It answers `{result, offline, model}`; `offline` means template results because no
 * model is configured, which the wizard labels.
 */
export interface AssistAnswer<T> {
  result: T;
  offline: boolean;
}

const envelope = z.object({ result: z.unknown(), offline: z.boolean().catch(false) });

async function assist<T>(body: Record<string, unknown>, shape: z.ZodType<T>): Promise<AssistAnswer<T>> {
  const { data, error } = await getSupabase().functions.invoke('owner-assist', { body });
  if (error) throw await functionAppError(error, { context: 'generic' });
  const parsed = envelope.parse(data);
  return { result: shape.parse(parsed.result), offline: parsed.offline };
}

const text = z.string().nullish().catch(null);
const extraction = z.object({
  companyName: text,
  address: text,
  phone: text,
  email: text,
  website: text,
  suggestedSubdomain: text,
  suggestedVoice: text,
});

export function extractBrief(brief: string) {
  return assist({ task: 'extract_brief', brief }, extraction);
}

export type BriefLanguage = 'en' | 'fr';

export function draftBrief(input: { companyName?: string; sector?: string; notes?: string; language: BriefLanguage }) {
  const body: Record<string, unknown> = { task: 'draft_brief', language: input.language };
  if (input.companyName?.trim()) body.companyName = input.companyName.trim();
  if (input.sector?.trim()) body.sector = input.sector.trim();
  if (input.notes?.trim()) body.notes = input.notes.trim();
  return assist(body, z.object({ brief: z.string() }));
}

export function improveBrief(brief: string, language: BriefLanguage) {
  return assist({ task: 'improve_brief', brief, language }, z.object({ brief: z.string() }));
}

export function generatePrompt(input: {
  subSectorId: string;
  agentName: string;
  companyName: string;
  brief: string;
  tools: string[];
  language: BriefLanguage;
}) {
  const body: Record<string, unknown> = {
    task: 'generate_prompt',
    agentName: input.agentName,
    brief: input.brief,
    tools: input.tools,
    language: input.language,
  };
  if (input.subSectorId) body.subSectorId = input.subSectorId;
  if (input.companyName.trim()) body.companyName = input.companyName.trim();
  return assist(body, z.object({ prompt: z.string() }));
}

/** Rewrites the prompt following an instruction; `newPrompt` replaces the editor text. */
export function modifyPrompt(currentPrompt: string, instruction: string) {
  return assist(
    { task: 'modify_prompt', currentPrompt, instruction },
    z.object({ newPrompt: z.string().nullish().catch(null), confirmationMessage: z.string().nullish().catch(null) }),
  );
}
