/**
 * The owner helpers (brief, system prompt, prompt editing, transcription): what each task asks the
 * model, how its answer is checked, and the template the offline provider answers with instead.
 * Temperatures: extraction 0.2 (facts, not prose), brief 0.5, system prompt 0.7.
 */
import { z } from 'zod';
import { safeText } from '../_shared/contracts/safe-text.ts';
import { AGENT_LIMITS, charsAtMost, OWNER_ASSIST_LIMITS } from '../_shared/contracts/field-limits.ts';
import { suggestSubdomain } from '../_shared/contracts/subdomain.ts';
import { promptHeading } from '../_shared/contracts/prompt-sections.ts';
import { serverText } from '../_shared/text/catalogue.ts';

export const VOICES = ['male', 'female'] as const;

export const extractInput = z
  .object({
    task: z.literal('extract_brief'),
    brief: safeText(z.string().trim().min(1).pipe(charsAtMost(OWNER_ASSIST_LIMITS.brief)), 'brief'),
  })
  .strict();
export const draftInput = z
  .object({
    task: z.literal('draft_brief'),
    companyName: safeText(z.string().trim().pipe(charsAtMost(AGENT_LIMITS.companyName)), 'companyName').optional(),
    sector: safeText(z.string().trim().max(200), 'sector').optional(),
    // The notes are the wizard's brief so far: the brief's limit.
    notes: safeText(z.string().trim().pipe(charsAtMost(OWNER_ASSIST_LIMITS.brief)), 'notes').optional(),
    language: z.enum(['en', 'fr']).default('en'),
  })
  .strict();
export const improveInput = z
  .object({
    task: z.literal('improve_brief'),
    brief: safeText(z.string().trim().min(1).pipe(charsAtMost(OWNER_ASSIST_LIMITS.brief)), 'brief'),
    language: z.enum(['en', 'fr']).default('en'),
  })
  .strict();
export const promptInput = z
  .object({
    task: z.literal('generate_prompt'),
    subSectorId: z
      .string()
      .regex(/^[a-z0-9_-]{1,64}$/)
      .optional(),
    agentName: safeText(z.string().trim().min(1).pipe(charsAtMost(AGENT_LIMITS.name)), 'agentName'),
    companyName: safeText(z.string().trim().pipe(charsAtMost(AGENT_LIMITS.companyName)), 'companyName').optional(),
    brief: safeText(z.string().trim().min(1).pipe(charsAtMost(OWNER_ASSIST_LIMITS.brief)), 'brief'),
    tools: z
      .array(z.string().regex(/^[a-z0-9_]{1,64}$/))
      .max(50)
      .default([]),
    language: z.enum(['en', 'fr']).default('en'),
  })
  .strict();
export const modifyInput = z
  .object({
    task: z.literal('modify_prompt'),
    currentPrompt: safeText(charsAtMost(AGENT_LIMITS.prompt), 'currentPrompt'),
    instruction: safeText(z.string().trim().min(1).pipe(charsAtMost(OWNER_ASSIST_LIMITS.instruction)), 'instruction'),
  })
  .strict();
export const transcribeInput = z
  .object({
    task: z.literal('transcribe'),
    /** data:audio/webm;base64,... as the console's recorder produces. */
    audio: z.string().regex(/^data:audio\/[\w.+-]+(;[\w=.+-]+)*;base64,[A-Za-z0-9+/=]+$/, {
      error: 'audio must be a base64 data URL of an audio recording.',
    }),
    language: z
      .string()
      .regex(/^[a-z]{2}$/)
      .optional(),
  })
  .strict();

export const assistInput = z.discriminatedUnion('task', [
  extractInput,
  draftInput,
  improveInput,
  promptInput,
  modifyInput,
  transcribeInput,
]);
export type AssistInput = z.infer<typeof assistInput>;

export interface ExtractedBrief {
  companyName: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  suggestedSubdomain: string;
  suggestedVoice: (typeof VOICES)[number];
}

const extractedShape = z.object({
  companyName: z.string().catch(''),
  address: z.string().catch(''),
  phone: z.string().catch(''),
  email: z.string().catch(''),
  website: z.string().catch(''),
  suggestedSubdomain: z.string().catch(''),
  suggestedVoice: z.string().catch(''),
});

/** The model's JSON (possibly fenced) made safe: unknown fields dropped, subdomain and voice normalised. */
export function normaliseExtraction(raw: string): ExtractedBrief | null {
  const match = /\{[\s\S]*\}/.exec(raw);
  if (!match) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(match[0]);
  } catch {
    return null;
  }
  const result = extractedShape.safeParse(parsed);
  if (!result.success) return null;
  const value = result.data;
  const clean = (text: string, max: number) => text.trim().slice(0, max);
  return {
    companyName: clean(value.companyName, AGENT_LIMITS.companyName),
    address: clean(value.address, AGENT_LIMITS.address),
    phone: clean(value.phone, AGENT_LIMITS.phone),
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.email.trim()) ? clean(value.email, AGENT_LIMITS.email) : '',
    website: clean(value.website, AGENT_LIMITS.website),
    suggestedSubdomain: suggestSubdomain(value.suggestedSubdomain || value.companyName),
    suggestedVoice: value.suggestedVoice.trim().toLowerCase() === 'female' ? 'female' : 'male',
  };
}

/** Offline extraction: patterns for contact details, the first line as the company name. */
export function extractOffline(brief: string): ExtractedBrief {
  const email = /[^\s@<>(),;:]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(brief)?.[0] ?? '';
  const website = (/\b(?:https?:\/\/)?(?:www\.)[^\s,;]+|https?:\/\/[^\s,;]+/i.exec(brief)?.[0] ?? '').replace(
    /[.,;:!?)]+$/,
    '',
  );
  // Postcodes and street numbers also look like digit groups: a phone number has 8 to 15 digits.
  const phone =
    [...brief.matchAll(/(?:\+\d{1,3}[\s.-]?)?(?:\(?\d{1,4}\)?[\s.-]?){2,5}\d{2,4}/g)]
      .map((match) => match[0].trim())
      .find((candidate) => {
        const digits = candidate.replace(/\D/g, '').length;
        return digits >= 8 && digits <= 15;
      }) ?? '';
  const address =
    /\d{1,4}[,\s]+(?:bis\s+)?(?:rue|avenue|av\.|boulevard|bd|place|chemin|allée|impasse|quai|street|st\.|road|rd\.|lane)\b[^\n.;]*/i
      .exec(brief)?.[0]
      ?.trim() ?? '';
  const named =
    /(?:company|business|restaurant|salon|shop|entreprise|société|cabinet|boutique)\s*(?:name)?\s*[:\-–]\s*([^\n.;,]+)/i.exec(
      brief,
    )?.[1];
  // The name is what the first line or sentence says before its first comma or dash:
  // "Ada Bakery, 12 Baker Street, London" names "Ada Bakery", not the address after it.
  const firstLine = (brief.split(/\n|\.\s/)[0] ?? '').split(/,|\s[-–—]\s/)[0]?.trim() ?? '';
  const companyName = (named ?? (firstLine.length <= 60 ? firstLine : '')).trim();
  const female = /\b(female|femme|féminine|woman)\b/i.test(brief);
  return {
    companyName,
    address,
    phone: phone.replace(/\s+/g, ' '),
    email,
    website,
    suggestedSubdomain: suggestSubdomain(companyName),
    suggestedVoice: female ? 'female' : 'male',
  };
}

export function extractMessages(brief: string) {
  return [
    {
      role: 'system' as const,
      content:
        'Extract the business details from the brief. Answer with one JSON object and nothing else, with the string fields companyName, address, phone, email, website, suggestedSubdomain (lowercase kebab-case, at most 30 characters, from the company name) and suggestedVoice ("male" or "female"). Use "" for anything the brief does not say; never invent details.',
    },
    { role: 'user' as const, content: brief },
  ];
}

const LANGUAGE_NAME = { en: 'English', fr: 'French' } as const;

export function draftMessages(input: z.infer<typeof draftInput>) {
  return [
    {
      role: 'system' as const,
      content: `Write a short brief (120 to 200 words, in ${LANGUAGE_NAME[input.language]}) describing a business for its AI assistant: what it does, its offer, opening hours and contact details if given, and what visitors usually ask. Use only the facts given; leave placeholders in [brackets] for missing essentials.`,
    },
    {
      role: 'user' as const,
      content:
        [
          input.companyName && `Company: ${input.companyName}`,
          input.sector && `Sector: ${input.sector}`,
          input.notes && `Notes: ${input.notes}`,
        ]
          .filter(Boolean)
          .join('\n') || 'No details yet.',
    },
  ];
}

export function draftOffline(input: z.infer<typeof draftInput>): string {
  const { language } = input;
  return serverText('assist.draft.brief', language, {
    company: input.companyName || serverText('assist.draft.companyPlaceholder', language),
    sector: input.sector || serverText('assist.draft.sectorPlaceholder', language),
    notes: input.notes ?? '',
  }).trim();
}

export function improveMessages(input: z.infer<typeof improveInput>) {
  return [
    {
      role: 'system' as const,
      content: `Improve this business brief for an AI assistant, in ${LANGUAGE_NAME[input.language]}: keep every fact, fix the wording, order it as offer, hours, address, contact, frequent questions. Do not add facts. Answer with the brief only.`,
    },
    { role: 'user' as const, content: input.brief },
  ];
}

/** Offline: the same facts, tidied (whitespace, one sentence per line). */
export function improveOffline(brief: string): string {
  return brief
    .replace(/[ \t]+/g, ' ')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => line[0]!.toUpperCase() + line.slice(1))
    .join('\n');
}

export interface PromptContext {
  input: z.infer<typeof promptInput>;
  sectorTemplate: string | null;
  toolNames: string[];
}

export function promptMessages({ input, sectorTemplate, toolNames }: PromptContext) {
  return [
    {
      role: 'system' as const,
      content: `Write the system prompt of a business's AI assistant, in ${LANGUAGE_NAME[input.language]}, in the second person ("You are ..."). Start from the sector template, adapt it to the brief, name the assistant and the company, say when to use each available tool, and end with rules: stay factual, answer in the visitor's language, hand over to a human when unsure. Answer with the prompt only.`,
    },
    {
      role: 'user' as const,
      content: [
        `Assistant name: ${input.agentName}`,
        input.companyName && `Company: ${input.companyName}`,
        sectorTemplate && `Sector template:\n${sectorTemplate}`,
        `Brief:\n${input.brief}`,
        `Tools: ${toolNames.length > 0 ? toolNames.join(', ') : 'none'}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
  ];
}

export function promptOffline({ input, sectorTemplate, toolNames }: PromptContext): string {
  const lang = input.language;
  const who = input.companyName
    ? serverText('assist.prompt.assistantOf', lang, { agent: input.agentName, company: input.companyName })
    : input.agentName;
  return [
    serverText('assist.prompt.youAre', lang, { who }),
    sectorTemplate,
    `${promptHeading('business', lang)}:\n${input.brief}`,
    toolNames.length > 0 ? `${promptHeading('tools', lang)}: ${toolNames.join(', ')}.` : null,
    serverText('assist.prompt.rules', lang, { heading: promptHeading('rules', lang) }),
  ]
    .filter(Boolean)
    .join('\n\n');
}

export function modifyMessages(input: z.infer<typeof modifyInput>) {
  return [
    {
      role: 'system' as const,
      content:
        'You edit the system prompt of an AI assistant as the owner asks. Answer with one JSON object and nothing else: {"newPrompt": the complete edited prompt, "confirmationMessage": one sentence, in the language of the instruction, saying what you changed}.',
    },
    { role: 'user' as const, content: `Current prompt:\n${input.currentPrompt}\n\nInstruction:\n${input.instruction}` },
  ];
}

export function normaliseModification(raw: string): { newPrompt: string; confirmationMessage: string } | null {
  const match = /\{[\s\S]*\}/.exec(raw);
  if (!match) return null;
  try {
    const parsed = z
      .object({ newPrompt: z.string().min(1).max(100_000), confirmationMessage: z.string().min(1).max(1_000) })
      .safeParse(JSON.parse(match[0]));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function modifyOffline(input: z.infer<typeof modifyInput>): { newPrompt: string; confirmationMessage: string } {
  // The instruction's own language, guessed from its accents and common French words.
  const french = /[àâçéèêëîïôûùüÿœ]|\b(le|la|les|des|ajoute|ajouter|réponds|sois)\b/i.test(input.instruction);
  const lang = french ? 'fr' : 'en';
  return {
    newPrompt:
      `${input.currentPrompt.trimEnd()}\n\n${serverText('assist.modify.instruction', lang, { instruction: input.instruction })}`.trim(),
    confirmationMessage: serverText('assist.modify.confirmation', lang),
  };
}
