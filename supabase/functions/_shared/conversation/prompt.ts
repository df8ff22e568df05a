/**
 * The one prompt builder of the conversation core, for every channel: the owner's prompt (the agent's
 * system prompt), who the agent is, the reply language, the interactions guidance,
 * the knowledge (passages retrieved before a text turn, or the `search_knowledge` tool on realtime
 * voice) and the channel's style. Built on the server only; the browser never sends a system prompt.
 */
import type { KnowledgePassage } from '../ai/types.ts';

export interface PromptAgent {
  name: string;
  companyName: string | null;
  systemPrompt: string;
  promptGuidance?: string;
}

/**
 * How replies reach the person: read on a screen (markdown and links are fine) or heard (web
 * voice, phone): short spoken sentences, nothing that only makes sense written.
 */
export type ChannelStyle = 'text' | 'spoken';

export interface PromptOptions {
  style?: ChannelStyle;
  /** Realtime voice: knowledge comes from the search_knowledge tool instead of passages. */
  knowledgeTool?: string | null;
}

const displayNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

export function languageName(code: string): string {
  const base = code.trim().split(/[-_]/)[0] ?? code;
  try {
    return displayNames?.of(base) ?? base;
  } catch {
    return base;
  }
}

/** Keeps the prompt bounded however long the owner's prompt or the chunks are. */
const MAX_SYSTEM_PROMPT_CHARS = 12_000;
const MAX_PASSAGE_CHARS = 2_000;

/** The spoken style, said once for every spoken channel (browser voice, phone). */
export const SPOKEN_STYLE =
  'You are speaking with the caller by voice: keep every answer short (one to three sentences) and natural for speech. ' +
  'Never read out URLs, email addresses spelled symbol by symbol, or markdown (no lists, asterisks, headings or links); ' +
  'say "I can send you the link" instead of reading one.';

export function buildSystemPrompt(
  agent: PromptAgent,
  language: string,
  passages: KnowledgePassage[],
  options: PromptOptions = {},
): string {
  const who = agent.companyName ? `${agent.name} for ${agent.companyName}` : agent.name;
  const spoken = options.style === 'spoken';
  const parts = [
    agent.systemPrompt.trim().slice(0, MAX_SYSTEM_PROMPT_CHARS) || `You are ${who}, a helpful assistant.`,
    spoken
      ? `You are ${who}. Speak ${languageName(language)} (language code "${language}") unless the caller speaks another language; then answer in theirs.`
      : `Always answer in ${languageName(language)} (language code "${language}"), the language of the user's last message.`,
  ];
  if (agent.promptGuidance) parts.push(agent.promptGuidance.slice(0, MAX_SYSTEM_PROMPT_CHARS));
  if (options.knowledgeTool) {
    parts.push(
      `Before answering a question about the business (opening hours, prices, services, policies), call ${options.knowledgeTool} and answer from what it returns. ` +
        'If the answer is in neither its results nor your instructions, say you do not have that information; do not invent it.',
    );
  }
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
  if (spoken) parts.push(SPOKEN_STYLE);
  return parts.join('\n\n');
}

/**
 * After tool results: explain them, or call the next tool the request still needs (the loop lets
 * the model check availability and then book in one turn).
 */
export function toolFollowUpInstruction(language: string): string {
  return `If another tool is still needed to complete the user's request, call it now. Otherwise explain the tool results above to the user briefly and clearly, in ${languageName(language)}. Do not mention internal identifiers unless the user needs them.`;
}

/** A call opens with a welcome that says the call is likely recorded, without reasons. */
export function openingInstruction(agent: { name: string }, language: string): string {
  return `Greet the caller warmly as ${agent.name} in ${languageName(language)}, say that this call is likely recorded without giving any reason, and ask how you can help.`;
}

/** The call is about to be cut off (its reservation cannot grow): close it politely, now. */
export function goodbyeInstruction(language: string): string {
  return `The call must end in a few seconds. In ${languageName(language)}, briefly tell the caller that the call is ending, thank them and say goodbye.`;
}
