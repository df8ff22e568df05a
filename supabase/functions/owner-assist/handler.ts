/**
 * `POST /functions/v1/owner-assist` (signed-in owners only: generic
 * completions exist only for owners, rate-limited and metered). `{task, ...}`:
 *   extract_brief  {brief} → {companyName, address, phone, email, website, suggestedSubdomain, suggestedVoice}
 *   draft_brief    {companyName?, sector?, notes?, language} → {brief}
 *   improve_brief  {brief, language} → {brief}
 *   generate_prompt {subSectorId?, agentName, companyName?, brief, tools[], language} → {prompt} (temperature 0.7)
 *   modify_prompt  {currentPrompt, instruction} → {newPrompt, confirmationMessage}
 *   transcribe     {audio: data URL, language?} → {text}
 * Answers `{result, offline, model}`; with no model configured the results come from templates and
 * `offline` is true (transcription then answers 503: it has no template equivalent).
 * Catalogue reads act as the caller (RLS: enabled tools only); model settings and the usage
 * metric use the service role (settings are read once per instance for everyone; metrics are
 * written by the server only).
 */
import { createAiProvider } from '../_shared/ai/factory.ts';
import { isProviderError } from '../_shared/ai/errors.ts';
import type { AiProvider, ChatMessage } from '../_shared/ai/types.ts';
import { createModelSettingsCache, meterAssist } from '../_shared/conversation/usage.ts';
import { MemoryBucketStore, takeToken, type BucketPolicy } from '../_shared/conversation/rate-limit.ts';
import { bucketLimit, englishWait, limitDetails } from '../_shared/contracts/limit-refusal.ts';
import { subdomainCandidates } from '../_shared/contracts/subdomain.ts';
import { localizedTool, type CatalogueText } from '../_shared/contracts/tool-text.ts';
import {
  HttpError,
  createFunctionApp,
  envRecord,
  jsonResponse,
  parseJsonBody,
  unionSummary,
  type Caller,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import {
  assistInput,
  draftMessages,
  draftOffline,
  extractMessages,
  extractOffline,
  improveMessages,
  improveOffline,
  modifyMessages,
  modifyOffline,
  normaliseExtraction,
  normaliseModification,
  promptMessages,
  promptOffline,
  type AssistInput,
  type PromptContext,
} from './tasks.ts';

export type { FunctionEnv };

/** Per owner: a burst of 20 requests, then 10 a minute. */
const OWNER_POLICY: BucketPolicy = { capacity: 20, refillPerSecond: 10 / 60 };
/** Audio recordings up to ≈ 7.5 MB once base64-decoded. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;
const FAILURE = 'AI assistance failed. Please try again.';

const summary = unionSummary(
  'task must be extract_brief, draft_brief, improve_brief, generate_prompt, modify_prompt or transcribe.',
);

function audioBlob(dataUrl: string): { blob: Blob; fileName: string } {
  const [header, base64] = dataUrl.split(',', 2) as [string, string];
  const mime = header.slice(5).split(';')[0]!;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    throw new HttpError(400, 'invalid_request', 'audio is not valid base64.');
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  if (bytes.byteLength === 0) throw new HttpError(400, 'invalid_request', 'audio is empty.');
  const extension = (
    {
      'audio/webm': 'webm',
      'audio/ogg': 'ogg',
      'audio/mpeg': 'mp3',
      'audio/mp4': 'm4a',
      'audio/wav': 'wav',
      'audio/x-wav': 'wav',
    } as Record<string, string>
  )[mime];
  if (!extension) throw new HttpError(415, 'unsupported_audio', 'Record in WebM, Ogg, MP3, M4A or WAV.');
  return { blob: new Blob([bytes], { type: mime }), fileName: `message.${extension}` };
}

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('owner-assist', env, { browser: true });
  // Service role: the usage metric is the server's to write; settings are cached for all callers.
  const service = fn.service();
  const provider: AiProvider = createAiProvider(envRecord(env, ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_PROVIDER']));
  const offline = provider.capabilities.offline;
  const models = createModelSettingsCache(service);
  const buckets = new MemoryBucketStore();

  async function complete(
    messages: ChatMessage[],
    temperature: number,
    signal: AbortSignal,
  ): Promise<{ text: string; tokens: number; model: string }> {
    const settings = await models();
    const result = await provider.completeChat({
      model: settings.chatModel,
      messages,
      temperature,
      maxOutputTokens: 4_000,
      signal,
    });
    return { text: result.text.trim(), tokens: result.usage?.totalTokens ?? 0, model: result.metadata.model };
  }

  async function sectorTemplate(
    caller: Caller,
    subSectorId: string | undefined,
    language: 'en' | 'fr',
  ): Promise<string | null> {
    if (!subSectorId) return null;
    const { data } = await fn
      .asCaller(caller)
      .from('sub_sectors')
      .select('system_prompt, system_prompt_fr')
      .eq('id', subSectorId)
      .maybeSingle<{ system_prompt: string; system_prompt_fr: string }>();
    if (!data) throw new HttpError(404, 'sub_sector_not_found', 'This specialisation does not exist.');
    return language === 'fr' ? data.system_prompt_fr : data.system_prompt;
  }

  /** The tools' lines of a generated prompt, in the prompt's language (English when not translated). */
  async function toolNames(caller: Caller, ids: string[], language: 'en' | 'fr'): Promise<string[]> {
    if (ids.length === 0) return [];
    const { data } = await fn
      .asCaller(caller)
      .from('tool_catalogue')
      .select('id, name, description, name_fr, description_fr')
      .in('id', ids)
      .eq('enabled', true);
    return ((data ?? []) as CatalogueText[]).map((tool) => {
      const text = localizedTool(tool, language);
      return `${text.name} (${text.description})`;
    });
  }

  /**
   * The suggestion itself when no agent has it, else the first free numbered variant, else ''
   * (the owner then types one): the wizard never proposes an address it would refuse.
   */
  async function freeSubdomain(caller: Caller, suggestion: string): Promise<string> {
    for (const candidate of subdomainCandidates(suggestion)) {
      const { data, error } = await fn.asCaller(caller).rpc('subdomain_available', { subdomain: candidate });
      if (error) return '';
      if (data === true) return candidate;
    }
    return '';
  }

  /** Runs one task; returns the result plus what to meter (nothing when offline). */
  async function run(
    caller: Caller,
    input: AssistInput,
    signal: AbortSignal,
  ): Promise<{ result: unknown; tokens: number; model: string }> {
    const templated = (result: unknown) => ({ result, tokens: 0, model: 'offline-template' });
    switch (input.task) {
      case 'extract_brief': {
        if (offline) {
          const extracted = extractOffline(input.brief);
          return templated({
            ...extracted,
            suggestedSubdomain: await freeSubdomain(caller, extracted.suggestedSubdomain),
          });
        }
        const answer = await complete(extractMessages(input.brief), 0.2, signal);
        const extracted = normaliseExtraction(answer.text);
        if (!extracted) throw new HttpError(502, 'ai_unusable_answer', FAILURE);
        const suggestedSubdomain = await freeSubdomain(caller, extracted.suggestedSubdomain);
        return { result: { ...extracted, suggestedSubdomain }, tokens: answer.tokens, model: answer.model };
      }
      case 'draft_brief': {
        if (offline) return templated({ brief: draftOffline(input) });
        const answer = await complete(draftMessages(input), 0.5, signal);
        return { result: { brief: answer.text }, tokens: answer.tokens, model: answer.model };
      }
      case 'improve_brief': {
        if (offline) return templated({ brief: improveOffline(input.brief) });
        const answer = await complete(improveMessages(input), 0.5, signal);
        return { result: { brief: answer.text }, tokens: answer.tokens, model: answer.model };
      }
      case 'generate_prompt': {
        const context: PromptContext = {
          input,
          sectorTemplate: await sectorTemplate(caller, input.subSectorId, input.language),
          toolNames: await toolNames(caller, input.tools, input.language),
        };
        if (offline) return templated({ prompt: promptOffline(context) });
        const answer = await complete(promptMessages(context), 0.7, signal);
        return { result: { prompt: answer.text }, tokens: answer.tokens, model: answer.model };
      }
      case 'modify_prompt': {
        if (offline) return templated(modifyOffline(input));
        const answer = await complete(modifyMessages(input), 0.7, signal);
        const modification = normaliseModification(answer.text);
        if (!modification) throw new HttpError(502, 'ai_unusable_answer', FAILURE);
        return { result: modification, tokens: answer.tokens, model: answer.model };
      }
      case 'transcribe': {
        if (!provider.capabilities.transcription) {
          throw new HttpError(
            503,
            'transcription_unavailable',
            'Voice messages need an AI provider with transcription; type your message instead.',
          );
        }
        const { blob, fileName } = audioBlob(input.audio);
        const settings = await models();
        const transcript = await provider.transcribe({
          model: settings.transcriptionModel,
          audio: blob,
          fileName,
          language: input.language,
          signal,
        });
        // Transcription is billed per audio second, not tokens; record the byte size as the measure.
        return { result: { text: transcript.text }, tokens: blob.size, model: transcript.metadata.model };
      }
    }
  }

  fn.post('/', async (c) => {
    const request = c.req.raw;
    const caller = await fn.auth.requireOwner(request);
    const userId = caller.userId;
    const now = Date.now();
    const verdict = takeToken(buckets.get(userId), OWNER_POLICY, now);
    if (!verdict.allowed) {
      const limit = bucketLimit('assist_requests', 'owner', OWNER_POLICY, verdict.retryAfterMs);
      throw new HttpError(
        429,
        'rate_limited',
        `You have reached the AI helper limit (${limit.max} requests at once, then ${limit.perMinute} a minute). Try again in ${englishWait(limit.retryAfterSeconds ?? 1)}.`,
        { 'retry-after': String(limit.retryAfterSeconds) },
        limitDetails(limit),
      );
    }
    buckets.update(userId, (state) => takeToken(state, OWNER_POLICY, now).state);
    const input: AssistInput = await parseJsonBody(request, assistInput, { maxBytes: MAX_BODY_BYTES, summary });
    let outcome: { result: unknown; tokens: number; model: string };
    try {
      outcome = await run(caller, input, request.signal);
    } catch (error) {
      if (isProviderError(error)) {
        console.warn('owner-assist provider failure', input.task, String(error));
        throw new HttpError(502, 'ai_unavailable', FAILURE);
      }
      throw error;
    }
    const isOffline = offline && input.task !== 'transcribe';
    await meterAssist(service, {
      userId,
      task: input.task,
      totalTokens: outcome.tokens,
      offline: isOffline,
      model: outcome.model,
    }).catch((error: unknown) => console.warn('owner-assist metering failed', String(error)));
    return jsonResponse({ result: outcome.result, offline: isOffline, model: outcome.model });
  });

  return fn.handler();
}
