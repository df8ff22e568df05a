/**
 * The WhatsApp channel adapter: one inbound message becomes one turn of the
 * conversation core (`startTurn`, channel `whatsapp`, trusted, the conversation the database keyed
 * by the user's number), and its reply leaves through the Messages API (sender.ts). The adapter
 * only translates: media into text (voice notes transcribed by the configured provider; images shown
 * to the agent's WhatsApp model when it sees, else acknowledged), the reply into WhatsApp bodies, a
 * shared document into WhatsApp media.
 *
 * Order: the pack's monthly conversations are claimed in Postgres before any model call (at the
 * limit nothing is sent and the owner sees why); then the turn; then the send.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import type { AiProvider, ChatImage } from '../_shared/ai/types.ts';
import { modelSeesImages } from '../_shared/contracts/ai-models.ts';
import type { LoadedAgent } from '../_shared/conversation/agents.ts';
import { CHANNELS } from '../_shared/conversation/channel.ts';
import { startTurn, type ToolInvocation, type ToolOutcome, type TurnDeps } from '../_shared/conversation/turn.ts';
import { MAX_MESSAGE_LENGTH } from '../_shared/contracts/agent-chat.ts';
import {
  DOCUMENT_LINK_SECONDS,
  INTERACTION_DOCUMENTS_BUCKET,
  INTERACTIONS_TOOL_ID,
} from '../_shared/tools/interactions.ts';
import { serverText } from '../_shared/text/catalogue.ts';
import { twilioApiUrl } from '../_shared/twilio/config.ts';
import { imageForModel, imageTurnText } from './images.ts';
import { speakReply } from './voice-reply.ts';
import { recordNotSent, sendToUser, type Conversation, type SenderDeps } from './sender.ts';
import { receivedTranscript } from './transcript.ts';
import type { InboundMessage, TwilioAccount } from './webhook.ts';

export interface ReplyDeps {
  service: DbClient;
  provider: AiProvider;
  turnDeps: () => Promise<TurnDeps>;
  sender: SenderDeps;
  account: TwilioAccount;
  apiBaseUrl: string | null;
  fetch: typeof fetch;
  transcriptionModel: () => Promise<string>;
  /** Media already downloaded by keepInboundMedia, by Twilio URL (not fetched twice). */
  downloaded?: Map<string, Blob>;
  log: (event: string, details: Record<string, unknown>) => void;
}

export interface Received {
  agentId: string;
  ownerId: string;
  conversationId: string;
  /** The transcript row written on receipt (whatsapp_receive_message). */
  messageId: string;
  receivedAt: Date;
}

/** Fixed replies of the adapter, in the agent's language (the server's text catalogue). */
export const WHATSAPP_REPLIES = {
  voiceNeedsKey: (language: string) => serverText('whatsapp.voiceNeedsKey', language),
  voiceUnreadable: (language: string) => serverText('whatsapp.voiceUnreadable', language),
  imageOnly: (language: string) => serverText('whatsapp.imageOnly', language),
};

/** Downloads an inbound media file with the account's Basic auth, through TWILIO_API_BASE_URL. */
async function downloadMedia(url: string, deps: ReplyDeps): Promise<Blob> {
  const kept = deps.downloaded?.get(url);
  if (kept) return kept;
  const response = await deps.fetch(twilioApiUrl(url, deps.apiBaseUrl), {
    headers: { authorization: `Basic ${btoa(`${deps.account.sid}:${deps.account.authToken}`)}` },
    redirect: 'follow',
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`media download answered ${response.status}`);
  return response.blob();
}

const AUDIO_EXTENSIONS: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/webm': 'webm',
  'audio/wav': 'wav',
};

type Understood =
  | { kind: 'text'; text: string; images?: ChatImage[]; fromVoiceNote?: boolean }
  | { kind: 'fixed'; reply: (language: string) => string };

/** The images of the message as the model can see them (those it cannot are left out). */
async function visibleImages(message: InboundMessage, deps: ReplyDeps): Promise<ChatImage[]> {
  const shown: ChatImage[] = [];
  for (const media of message.media.filter((candidate) => candidate.contentType.startsWith('image/'))) {
    try {
      const image = await imageForModel(media.contentType, await downloadMedia(media.url, deps));
      if (image) shown.push(image);
    } catch (error) {
      deps.log('image_unavailable', { messageSid: message.messageSid, error: String(error) });
    }
  }
  return shown;
}

/**
 * What the user said, as text for the core (with the images when the model sees), or the adapter's
 * fixed answer when it cannot tell.
 */
async function understand(message: InboundMessage, deps: ReplyDeps, seesImages: boolean): Promise<Understood> {
  const voice = message.media.find((media) => media.contentType.startsWith('audio/'));
  if (voice) {
    if (!deps.provider.capabilities.transcription) return { kind: 'fixed', reply: WHATSAPP_REPLIES.voiceNeedsKey };
    try {
      const audio = await downloadMedia(voice.url, deps);
      const type = voice.contentType.split(';')[0]!.trim();
      const { text } = await deps.provider.transcribe({
        model: await deps.transcriptionModel(),
        audio,
        fileName: `voice-note.${AUDIO_EXTENSIONS[type] ?? 'ogg'}`,
      });
      const said = [message.body.trim(), text.trim()].filter(Boolean).join('\n');
      return said
        ? { kind: 'text', text: said, fromVoiceNote: true }
        : { kind: 'fixed', reply: WHATSAPP_REPLIES.voiceUnreadable };
    } catch (error) {
      deps.log('transcription_failed', { messageSid: message.messageSid, error: String(error) });
      return { kind: 'fixed', reply: WHATSAPP_REPLIES.voiceUnreadable };
    }
  }
  const images = message.media.filter((media) => media.contentType.startsWith('image/'));
  if (images.length > 0 && seesImages) {
    const shown = await visibleImages(message, deps);
    if (shown.length > 0) return { kind: 'text', text: imageTurnText(shown.length, message.body), images: shown };
  }
  // A model that cannot see: the image is acknowledged; its caption, if any, is answered.
  if (images.length > 0 && message.body.trim() === '') return { kind: 'fixed', reply: WHATSAPP_REPLIES.imageOnly };
  const note = images.length > 0 ? '\n(The user also sent an image you cannot see.)' : '';
  return { kind: 'text', text: `${message.body}${note}` };
}

/**
 * share_resource on WhatsApp: the document or link goes into this chat (media or a link line),
 * not through the outbound email/number path the web channel uses.
 */
function whatsappRunTool(
  runTool: TurnDeps['runTool'],
  service: DbClient,
  attachments: { mediaUrls: string[]; links: string[] },
) {
  return async (invocation: ToolInvocation): Promise<ToolOutcome> => {
    if (invocation.tool.id !== INTERACTIONS_TOOL_ID) return runTool(invocation);
    const agent = invocation.agent as LoadedAgent;
    const type = invocation.arguments.resource;
    const interaction = (agent.interactions ?? []).find((candidate) => candidate.type === type);
    if (!interaction || !interaction.whatsapp) return runTool(invocation);
    if (interaction.target.kind === 'url') {
      attachments.links.push(`${interaction.target.title || interaction.name}: ${interaction.target.url}`);
      return { ok: true, result: { resource: interaction.name, delivered: 'as a link in this WhatsApp chat' } };
    }
    const { data, error } = await service.storage
      .from(INTERACTION_DOCUMENTS_BUCKET)
      .createSignedUrl(interaction.target.path, DOCUMENT_LINK_SECONDS);
    if (error || !data) return { ok: false, error: 'the document is not available any more' };
    attachments.mediaUrls.push(data.signedUrl);
    return { ok: true, result: { resource: interaction.name, delivered: 'as a file in this WhatsApp chat' } };
  };
}

export async function replyToInbound(message: InboundMessage, received: Received, deps: ReplyDeps): Promise<void> {
  const conversation: Conversation = {
    agentId: received.agentId,
    ownerId: received.ownerId,
    conversationId: received.conversationId,
    agentNumber: message.to,
    userNumber: message.from,
    answering: received.messageId,
  };
  const turnDeps = await deps.turnDeps();
  const transcript = receivedTranscript(turnDeps.persist, deps.service, received);
  // The core's loader gives the channels' full agent (voice, WhatsApp voice replies).
  const agent = (await turnDeps.loadAgent({ agentId: received.agentId })) as LoadedAgent | null;
  const language = agent?.defaultLanguage ?? 'en_US';

  const claim = await deps.service.rpc('whatsapp_claim_conversation', { conversation_id: received.conversationId });
  if (claim.error) throw new Error(`whatsapp_claim_conversation failed: ${claim.error.message}`);
  if (claim.data === 'limit') {
    await recordNotSent(deps.sender, conversation, '', 'monthly_limit');
    return;
  }

  const seesImages = !deps.provider.capabilities.offline && modelSeesImages(turnDeps.models.whatsappModel);
  const understood = await understand(message, deps, seesImages);
  if (understood.kind === 'fixed') {
    await sendToUser(deps.sender, conversation, {
      text: understood.reply(language),
      lastInboundAt: received.receivedAt,
    });
    return;
  }
  const attachments = { mediaUrls: [] as string[], links: [] as string[] };
  const started = await startTurn(
    {
      input: {
        channel: CHANNELS.whatsapp.channel,
        agentId: received.agentId,
        conversationId: received.conversationId,
        message: Array.from(understood.text).slice(0, MAX_MESSAGE_LENGTH).join(''),
      },
      caller: { userId: null, visitorKey: message.from, trusted: true },
      ...(understood.images ? { images: understood.images } : {}),
    },
    {
      ...turnDeps,
      persist: transcript.store,
      runTool: whatsappRunTool(turnDeps.runTool, deps.service, attachments),
    },
  );
  if (!started.ok) {
    // No reply goes out, but the owner sees in the thread that this message went unanswered, and why.
    deps.log('turn_refused', { messageSid: message.messageSid, code: started.error.code });
    await recordNotSent(deps.sender, conversation, '', 'turn_refused', started.error.message);
    return;
  }
  let reply = '';
  for await (const event of started.events) {
    if (event.event === 'delta') reply += event.data.text;
    // The core stored its apology as the reply; the user gets it too rather than silence.
    else if (event.event === 'error') reply = event.data.message;
  }
  const text = [reply.trim(), ...attachments.links].filter(Boolean).join('\n\n');
  if (text === '' && attachments.mediaUrls.length === 0) return;
  // A voice note is answered with one too when the owner chose so (the text follows it).
  const spoken =
    understood.fromVoiceNote && deps.provider.capabilities.speech && agent?.whatsappVoiceReplies
      ? await speakReply(deps, {
          text: reply.trim(),
          voice: agent.voice,
          ownerId: received.ownerId,
          agentId: received.agentId,
          conversationId: received.conversationId,
          messageSid: message.messageSid,
        })
      : null;
  const replyId = transcript.replyId();
  if (replyId && attachments.links.length > 0) {
    // The transcript says what the user received: the reply with the link lines of shared URLs.
    const { error } = await deps.service
      .from('messages')
      .update({ content: text.slice(0, 50_000) })
      .eq('id', replyId);
    if (error) deps.log('transcript_failed', { messageSid: message.messageSid, error: error.message });
  }
  await sendToUser(deps.sender, conversation, {
    text,
    messageId: replyId,
    mediaUrls: attachments.mediaUrls,
    lastInboundAt: received.receivedAt,
    ...(spoken ? { voiceNote: spoken } : {}),
  });
}
