import { describe, expect, it } from 'vitest';
import { CHAT_CHANNELS } from '../contracts/agent-chat.ts';
import { CHANNELS, channelStyle } from './channel.ts';
import { CONVERSATION_CHANNEL } from './conversations.ts';

describe('channel adapters', () => {
  it('WhatsApp is a read, turn-based channel answering through the Messages API, metered in tokens', () => {
    expect(CHANNELS.whatsapp).toEqual({
      channel: 'whatsapp',
      conversationChannel: 'whatsapp',
      style: 'text',
      input: 'turn',
      output: 'messages_api',
      meter: 'tokens',
    });
    expect(channelStyle('whatsapp')).toBe('text');
  });

  it('every engine channel has its adapter, and conversations are opened under its channel', () => {
    for (const channel of CHAT_CHANNELS) {
      expect(CHANNELS[channel].channel).toBe(channel);
      expect(CONVERSATION_CHANNEL[channel]).toBe(CHANNELS[channel].conversationChannel);
    }
    expect(CONVERSATION_CHANNEL).toEqual({
      web: 'web_chat',
      voice: 'web_voice',
      sandbox: 'sandbox',
      whatsapp: 'whatsapp',
      phone: 'phone',
    });
    expect(channelStyle('phone')).toBe('spoken');
  });
});
