/**
 * What a channel is to the conversation core: a thin adapter
 * that translates its transport's frames. The agent, prompt, knowledge, tools, transcript and meter
 * belong to the core; an adapter only says who it is, how it speaks, how input arrives and how
 * output leaves. See README.md in this folder for how to write one.
 */
import type { ChatChannel } from '../contracts/agent-chat.ts';
import type { ChannelStyle } from './prompt.ts';

export interface ChannelAdapter {
  /** The core's channel id (transcript rows say it in metadata.channel). */
  readonly channel: ChatChannel;
  /** `conversations.channel` of the conversations it opens. */
  readonly conversationChannel: string;
  /** Read (markdown, links) or heard (short sentences, no URLs): chosen once, by the prompt builder. */
  readonly style: ChannelStyle;
  /**
   * How the person's words reach the core:
   *  - `turn`: one request per message; the core runs a text turn (startTurn) with knowledge
   *    retrieved before it and the multi-step tool loop, and the adapter streams its events;
   *  - `realtime`: a speech-to-speech model holds the conversation; the core configures it
   *    (instructions, tools + search_knowledge), runs its tool calls and writes its transcripts
   *    from a server-side control connection, and meters the call by server-timed minutes.
   */
  readonly input: 'turn' | 'realtime';
  /** How answers leave: an SSE stream, provider audio, a provider's text frames, an outbound API. */
  readonly output: 'sse' | 'provider_audio' | 'text_frames' | 'messages_api';
  /** Usage unit: tokens per turn, or minutes timed by the server per call. */
  readonly meter: 'tokens' | 'minutes';
}

/** One adapter per engine channel (the type requires every ChatChannel). */
export const CHANNELS = {
  web: {
    channel: 'web',
    conversationChannel: 'web_chat',
    style: 'text',
    input: 'turn',
    output: 'sse',
    meter: 'tokens',
  },
  sandbox: {
    channel: 'sandbox',
    conversationChannel: 'sandbox',
    style: 'text',
    input: 'turn',
    output: 'sse',
    meter: 'tokens',
  },
  voice: {
    channel: 'voice',
    conversationChannel: 'web_voice',
    style: 'spoken',
    input: 'realtime',
    output: 'provider_audio',
    meter: 'minutes',
  },
  // Twilio ConversationRelay (the phone's "any model" mode): Twilio turns speech into prompts and
  // our text frames into speech, so a call is a series of text turns in the spoken style, timed
  // by the call's minutes. The natural-voice mode (Media Streams) runs the realtime control
  // (phone-relay/media-stream.ts) under the same channel id, style and meter.
  phone: {
    channel: 'phone',
    conversationChannel: 'phone',
    style: 'spoken',
    input: 'turn',
    output: 'text_frames',
    meter: 'minutes',
  },
  // WhatsApp (whatsapp-webhook): each inbound message is one text turn, read on a phone; the reply
  // leaves through Twilio's Messages API (split at WhatsApp's limits) and is metered in tokens.
  whatsapp: {
    channel: 'whatsapp',
    conversationChannel: 'whatsapp',
    style: 'text',
    input: 'turn',
    output: 'messages_api',
    meter: 'tokens',
  },
} as const satisfies Record<ChatChannel, ChannelAdapter>;

/** How a channel's replies reach the person: every channel has its adapter entry. */
export function channelStyle(channel: ChatChannel): ChannelStyle {
  return CHANNELS[channel].style;
}
