/**
 * The system message of a turn: the owner's prompt (agents' "description" in the spec), the
 * reply language, and the retrieved knowledge passages. Built on the server only; the browser
 * never sends a system prompt (ARCHITECTURE §4).
 */
import type { KnowledgePassage } from '../ai/types.ts';

export interface PromptAgent {
  name: string;
  companyName: string | null;
  systemPrompt: string;
  promptGuidance?: string;
}

const displayNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

export function languageName(code: string): string {
  try {
    return displayNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Keeps the prompt bounded however long the owner's prompt or the chunks are. */
const MAX_SYSTEM_PROMPT_CHARS = 12_000;
const MAX_PASSAGE_CHARS = 2_000;

export function buildSystemPrompt(agent: PromptAgent, language: string, passages: KnowledgePassage[]): string {
  const who = agent.companyName ? `${agent.name} for ${agent.companyName}` : agent.name;
  const parts = [
    agent.systemPrompt.trim().slice(0, MAX_SYSTEM_PROMPT_CHARS) || `You are ${who}, a helpful assistant.`,
    `Always answer in ${languageName(language)} (language code "${language}"), the language of the user's last message.`,
  ];
  if (agent.promptGuidance) parts.push(agent.promptGuidance.slice(0, MAX_SYSTEM_PROMPT_CHARS));
  if (passages.length > 0) {
    parts.push(
      [
        'Knowledge excerpts from the business documents follow. Use them when they are relevant. ' +
          'If the answer is in neither these excerpts nor your instructions, say you do not have that information; do not invent it.',
        ...passages.map(
          (passage, index) => `[${index + 1}] ${passage.name}\n${passage.text.trim().slice(0, MAX_PASSAGE_CHARS)}`,
        ),
      ].join('\n\n'),
    );
  }
  return parts.join('\n\n');
}

/** Extra instruction for the follow-up completion that explains tool results. */
export function toolFollowUpInstruction(language: string): string {
  return `Explain the tool results above to the user briefly and clearly, in ${languageName(language)}. Do not mention internal identifiers unless the user needs them.`;
}
