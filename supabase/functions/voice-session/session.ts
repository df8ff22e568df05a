/**
 * What a browser voice call asks of the realtime model, decided on the server (the browser never
 * sends a prompt, a model name or a key): the GA `session` object for `POST /v1/realtime/calls`,
 * and the opening instruction. Billing (1 credit = 1 started minute, reserved in blocks, at most 4 h) is
 * SQL: `voice_open_call` and `voice_end_call` (migrations 20261124100000, 20261124160000, 20261124190000).
 */

export interface VoiceAgent {
  id: string;
  ownerId: string;
  name: string;
  companyName: string | null;
  systemPrompt: string;
  /** e.g. fr_FR */
  defaultLanguage: string;
  voice: 'male' | 'female';
}

export const DEFAULT_REALTIME_MODEL = 'gpt-realtime';

/** The agent's voice setting mapped to realtime voices. */
export function realtimeVoice(voice: VoiceAgent['voice']): string {
  return voice === 'female' ? 'marin' : 'cedar';
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ar: 'Arabic',
};

export function languageName(code: string): string {
  return LANGUAGE_NAMES[code.slice(0, 2).toLowerCase()] ?? 'English';
}

/** `toolGuidance`: what the chat prompt adds about the tools (the interactions to offer and when). */
export function voiceInstructions(agent: VoiceAgent, toolGuidance = ''): string {
  const business = agent.companyName ? ` for ${agent.companyName}` : '';
  return [
    agent.systemPrompt.trim(),
    toolGuidance.trim(),
    `You are ${agent.name}${business}, speaking with a visitor of the public page by voice.`,
    `Speak ${languageName(agent.defaultLanguage)} unless the caller speaks another language; then answer in theirs.`,
    'Keep answers short and natural for speech. Never read out URLs or markdown.',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Spec 002 §4.1: the assistant welcomes the caller and says the call is likely recorded, without reasons. */
export function openingInstruction(agent: VoiceAgent): string {
  return `Greet the caller warmly as ${agent.name} in ${languageName(agent.defaultLanguage)}, say that this call is likely recorded without giving any reason, and ask how you can help.`;
}

/** `tools`: the agent's enabled tools as flat realtime function definitions (may be empty). */
export function realtimeSession(
  agent: VoiceAgent,
  model: string,
  tools: Record<string, unknown>[] = [],
  toolGuidance = '',
): Record<string, unknown> {
  return {
    type: 'realtime',
    model,
    instructions: voiceInstructions(agent, toolGuidance),
    audio: {
      input: { transcription: { model: 'gpt-4o-mini-transcribe' }, turn_detection: { type: 'server_vad' } },
      output: { voice: realtimeVoice(agent.voice) },
    },
    ...(tools.length > 0 ? { tools, tool_choice: 'auto' } : {}),
  };
}

/** Recording formats the page may produce (spec 002 §9 order) and their file extensions. */
export const RECORDING_TYPES: Record<string, string> = {
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
};

/** Object name in the `recordings` bucket: the owner's folder, then the agent (storage policies). */
export function recordingPath(ownerId: string, agentId: string, startedAt: Date, mimeType: string): string {
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  return `${ownerId}/${agentId}/${stamp}-call.${RECORDING_TYPES[mimeType] ?? 'bin'}`;
}
