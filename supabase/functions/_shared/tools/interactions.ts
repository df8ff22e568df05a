/**
 * Interactions in a conversation: the agent's enabled share_document / share_url
 * interactions become one `share_resource` tool, and the owner's instruction items tell the model
 * when to offer them (in the system prompt: a tool description is capped at 1,024 characters).
 * Sending goes through outbound.ts, so it is logged in outbound_messages and limited per
 * conversation like any other message. A document is sent as a signed URL of the private
 * interaction-documents bucket, valid for DOCUMENT_LINK_SECONDS.
 */
import { z } from 'zod';
import type { ToolOutcome } from '../conversation/turn.ts';
import { EMAIL, PHONE, fail, ok, text, type ToolContext } from './context.ts';
import { deliver, phoneRecipient } from './outbound.ts';
import { contentWords, stem } from '../text/lexical.ts';
import { serverText } from '../text/catalogue.ts';
import {
  INTERACTION_DOCUMENTS_BUCKET,
  isInteractionUrl,
  readDocumentConfig,
  readInstructions,
  readUrlConfig,
  type InteractionType,
} from '../contracts/interactions.ts';

export { INTERACTION_DOCUMENTS_BUCKET, type InteractionType };

/** Not a catalogue id (catalogue ids are plain words or custom_…): routes to shareResource. */
export const INTERACTIONS_TOOL_ID = '__interactions';
export const SHARE_RESOURCE_FUNCTION = 'share_resource';
/** A week: long enough for a visitor to open the email later, short enough not to be a permalink. */
export const DOCUMENT_LINK_SECONDS = 7 * 24 * 3600;

export interface AgentInteraction {
  id: string;
  type: InteractionType;
  name: string;
  instructions: string[];
  /** What is sent: a URL (share_url) or a storage path (share_document). */
  target:
    | { kind: 'url'; url: string; title: string; description: string }
    | { kind: 'document'; path: string; fileName: string };
  email: boolean;
  whatsapp: boolean;
}

const rowSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string(),
  instructions: z.unknown(),
  config: z.unknown(),
});

/** Keeps the interactions the engine can act on: a known type with something to send. */
export function toAgentInteractions(rows: unknown[]): AgentInteraction[] {
  const out: AgentInteraction[] = [];
  for (const raw of rows) {
    const parsed = rowSchema.safeParse(raw);
    if (!parsed.success) continue;
    const { id, type, name } = parsed.data;
    const instructions = readInstructions(parsed.data.instructions)
      .map((item) => item.value.trim())
      .filter((value) => value !== '');
    if (type === 'share_url') {
      const config = readUrlConfig(parsed.data.config);
      const url = config.url.trim();
      // Only what Postgres stores is sent (a row written before its check could hold anything).
      if (!isInteractionUrl(url)) continue;
      out.push({
        id,
        type,
        name: name.trim() || config.url_title.trim() || 'Link',
        instructions,
        target: { kind: 'url', url, title: config.url_title.trim(), description: config.url_description.trim() },
        email: config.send_url_email,
        whatsapp: config.send_url_whatsapp,
      });
    } else if (type === 'share_document') {
      const config = readDocumentConfig(parsed.data.config);
      const path = config.storage_path?.trim() ?? '';
      if (path === '') continue;
      const fileName = config.file_name?.trim() || 'document';
      out.push({
        id,
        type,
        name: name.trim() || fileName,
        instructions,
        target: { kind: 'document', path, fileName },
        email: config.send_email,
        whatsapp: config.send_whatsapp,
      });
    }
  }
  return out.filter((interaction) => interaction.email || interaction.whatsapp);
}

/** The tool offered to the model, shaped like a catalogue row so buildToolDefinitions validates it. */
export function interactionsTool(interactions: AgentInteraction[]) {
  if (interactions.length === 0) return null;
  return {
    id: INTERACTIONS_TOOL_ID,
    name: 'Share resource',
    description: null,
    config: {},
    functionDefinition: {
      name: SHARE_RESOURCE_FUNCTION,
      description:
        'Send one of the business resources listed in the system prompt (a document or a link) to the visitor by email ' +
        "and/or WhatsApp. Only to the visitor's own email address or WhatsApp number as they wrote it in this " +
        'conversation; ask for it first, never invent one. The first call for a new address asks you to confirm it ' +
        'with the visitor; call again after they confirm.',
      parameters: {
        type: 'object',
        properties: {
          resource: {
            type: 'string',
            description: 'Which resource to send',
            enum: interactions.map((interaction) => interaction.type),
          },
          email: { type: 'string', description: "The visitor's email address (email delivery)" },
          phone: { type: 'string', description: "The visitor's WhatsApp number in international format" },
        },
        required: ['resource'],
      },
    },
  };
}

/** The system prompt section: what can be shared, how, and the owner's instructions on when. */
export function interactionsGuidance(interactions: AgentInteraction[]): string {
  if (interactions.length === 0) return '';
  const lines = interactions.map((interaction) => {
    const channels = [interaction.email ? 'email' : null, interaction.whatsapp ? 'WhatsApp' : null]
      .filter(Boolean)
      .join(' or ');
    const what =
      interaction.target.kind === 'url'
        ? `a link${interaction.target.title ? ` "${interaction.target.title}"` : ''}${
            interaction.target.description ? ` (${interaction.target.description})` : ''
          }`
        : `the document "${interaction.target.fileName}"`;
    const when =
      interaction.instructions.length > 0 ? ` When to offer it: ${interaction.instructions.join('; ')}.` : '';
    return `- resource "${interaction.type}": "${interaction.name}", ${what}, sent by ${channels}.${when}`;
  });
  return [
    `You can send these resources to the visitor with the ${SHARE_RESOURCE_FUNCTION} tool. Offer them when relevant, ` +
      'ask for the contact detail the channel needs, and call the tool once the visitor has given it.',
    ...lines,
  ].join('\n');
}

async function resourceLink(interaction: AgentInteraction, context: ToolContext): Promise<string | null> {
  if (interaction.target.kind === 'url') return interaction.target.url;
  const { data, error } = await context.service.storage
    .from(INTERACTION_DOCUMENTS_BUCKET)
    .createSignedUrl(interaction.target.path, DOCUMENT_LINK_SECONDS);
  return error || !data ? null : data.signedUrl;
}

function messageBody(interaction: AgentInteraction, link: string, context: ToolContext): string {
  const french = context.language.toLowerCase().startsWith('fr');
  if (interaction.target.kind === 'url') {
    const title = interaction.target.title || interaction.name;
    const description = interaction.target.description ? `\n${interaction.target.description}` : '';
    return `${title}${description}\n${link}`;
  }
  const days = Math.round(DOCUMENT_LINK_SECONDS / 86_400);
  return french
    ? `Voici le document « ${interaction.target.fileName} » :\n${link}\n(Lien valable ${days} jours.)`
    : `Here is the document "${interaction.target.fileName}":\n${link}\n(This link is valid for ${days} days.)`;
}

export async function shareResource(
  args: Record<string, unknown>,
  context: ToolContext,
  interactions: AgentInteraction[],
): Promise<ToolOutcome> {
  const type = text(args, 'resource', 50);
  const interaction = interactions.find((candidate) => candidate.type === type);
  if (!interaction) return fail(`unknown resource ${String(type)}`);
  const email = text(args, 'email', 320);
  const phone = text(args, 'phone', 40);
  if (email !== undefined && !EMAIL.test(email)) return fail('email must be an email address');
  if (phone !== undefined && !PHONE.test(phone)) return fail('phone must be a phone number in international format');
  const byEmail = interaction.email && email !== undefined;
  const byWhatsapp = interaction.whatsapp && phone !== undefined;
  if (!byEmail && !byWhatsapp) {
    const needed = [interaction.email ? 'an email address' : null, interaction.whatsapp ? 'a WhatsApp number' : null]
      .filter(Boolean)
      .join(' or ');
    // Not a failure: the model should ask the visitor, not show the fixed tool-error message.
    return ok({ status: 'missing_recipient', message: `Ask the visitor for ${needed}, then call the tool again.` });
  }
  const link = await resourceLink(interaction, context);
  if (!link) return fail('the document is not available any more');
  const body = messageBody(interaction, link, context);
  const results: Record<string, unknown>[] = [];
  if (byEmail) {
    const outcome = await deliver(context, {
      channel: 'email',
      recipient: email.toLowerCase(),
      subject: interaction.target.kind === 'url' ? interaction.target.title || interaction.name : interaction.name,
      body,
    });
    results.push(
      outcome.ok ? { channel: 'email', ...(outcome.result as object) } : { channel: 'email', error: outcome.error },
    );
  }
  if (byWhatsapp) {
    const outcome = await deliver(context, { channel: 'whatsapp', recipient: phoneRecipient(phone), body });
    results.push(
      outcome.ok
        ? { channel: 'whatsapp', ...(outcome.result as object) }
        : { channel: 'whatsapp', error: outcome.error },
    );
  }
  if (results.every((result) => 'error' in result))
    return fail(results.map((result) => String(result.error)).join('; '));
  return ok({ resource: interaction.name, deliveries: results });
}

// Offline mode ---------------------------------------------------------------------------------
// Without a model nothing can decide to call a tool, so the engine asks offlineShareAction() for a
// deterministic one: only when the visitor's message carries an email address AND names a resource
// (a content word shared with its name, title, file name or instruction keywords). Anything less
// clear does nothing; the offline answer then comes from the knowledge base as usual.

const EMAIL_IN_TEXT = /[^\s@<>(),;:"']{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,}/;

function vocabulary(interaction: AgentInteraction): Set<string> {
  const target =
    interaction.target.kind === 'url'
      ? `${interaction.target.title} ${interaction.target.description}`
      : interaction.target.fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ');
  return new Set(contentWords(`${interaction.name} ${target} ${interaction.instructions.join(' ')}`).map(stem));
}

export function matchOfflineRequest(
  interactions: AgentInteraction[],
  message: string,
): { interaction: AgentInteraction; email: string } | null {
  const email = EMAIL_IN_TEXT.exec(message)?.[0];
  if (!email || !EMAIL.test(email)) return null;
  const words = new Set(contentWords(message.replace(email, ' ')).map(stem));
  let best: { interaction: AgentInteraction; score: number } | null = null;
  for (const interaction of interactions) {
    if (!interaction.email) continue;
    const score = [...vocabulary(interaction)].filter((word) => words.has(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { interaction, score };
  }
  return best ? { interaction: best.interaction, email } : null;
}

/** The engine's offline action for one message, or null (see above). */
export function offlineShareAction<T extends { id: string }>(
  agent: { tools: T[]; interactions?: AgentInteraction[] },
  message: string,
) {
  const match = matchOfflineRequest(agent.interactions ?? [], message);
  const tool = agent.tools.find((candidate) => candidate.id === INTERACTIONS_TOOL_ID);
  if (!match || !tool) return null;
  const { interaction, email } = match;
  return {
    tool,
    functionName: SHARE_RESOURCE_FUNCTION,
    arguments: { resource: interaction.type, email },
    /** The reply for a succeeded call; a failed one gets the engine's fixed tool-failure text. */
    reply(result: unknown, language: string): string {
      const lang = language.toLowerCase().startsWith('fr') ? 'fr' : 'en';
      const name = interaction.name;
      const deliveries = (result as { deliveries?: { sent?: boolean; status?: string }[] } | null)?.deliveries ?? [];
      if (deliveries.some((delivery) => delivery.sent === true))
        return serverText('share.sent', lang, { name, email: email.toLowerCase() });
      // Offline there is no model to ask "is this your address?": the visitor confirms by asking again.
      if (deliveries.some((delivery) => delivery.status === 'confirmation_required'))
        return serverText('share.confirm', lang, { name, email: email.toLowerCase() });
      if (deliveries.some((delivery) => delivery.status === 'not_sent'))
        return serverText('share.notSent', lang, { name });
      return serverText('share.notConfigured', lang, { name });
    },
  };
}
