import type { DbClient } from '../_shared/platform/env.ts';
import { describe, expect, it } from 'vitest';
import type { AiProvider } from '../_shared/ai/types.ts';
import type { TurnDeps } from '../_shared/conversation/turn.ts';
import { replyToInbound, type ReplyDeps } from './reply.ts';

/**
 * A turn the conversation core refuses (here: the agent was deleted between the message's arrival
 * and its turn) sends nothing, and leaves a `not_sent` row in the owner's thread saying why,
 * recorded against the user's message it leaves unanswered (no transcript line is written).
 */
function harness() {
  const inserted: Record<string, unknown>[] = [];
  const sends: unknown[] = [];
  const service = {
    rpc: async (name: string) => {
      if (name !== 'whatsapp_claim_conversation') throw new Error(`unexpected rpc ${name}`);
      return { data: 'ok', error: null };
    },
    from: (table: string) => ({
      insert: async (row: Record<string, unknown>) => {
        if (table !== 'whatsapp_messages') throw new Error(`unexpected table ${table}`);
        inserted.push(row);
        return { error: null };
      },
    }),
  } as unknown as DbClient;
  const provider = {
    capabilities: { offline: false, transcription: true, speech: false },
  } as unknown as AiProvider;
  const turnDeps = {
    loadAgent: async () => null,
    provider,
    models: { chatModel: 'gpt-4.1', whatsappModel: 'gpt-4.1' },
    runTool: async () => ({ ok: true, result: null }),
    persist: {},
    meter: async () => {},
    retrieve: async () => ({ passages: [], citations: [] }),
  } as unknown as TurnDeps;
  const events: string[] = [];
  const deps: ReplyDeps = {
    service,
    provider,
    turnDeps: async () => turnDeps,
    sender: {
      service,
      client: {
        messages: {
          create: async (params: unknown) => {
            sends.push(params);
            return { sid: 'SM1', status: 'queued' };
          },
        },
      } as unknown as NonNullable<ReplyDeps['sender']['client']>,
      statusCallback: 'https://hooks.example.test/status',
      log: () => {},
    },
    account: { sid: 'AC1', authToken: 'token' },
    apiBaseUrl: null,
    fetch,
    transcriptionModel: async () => 'whisper-1',
    log: (event) => events.push(event),
  };
  return { deps, inserted, sends, events };
}

describe('replyToInbound', () => {
  it('records a refused turn as not sent, with the core’s reason, and sends nothing', async () => {
    const { deps, inserted, sends, events } = harness();
    await replyToInbound(
      { messageSid: 'SM0', from: '+33611111111', to: '+14155550100', body: 'Hello?', profileName: null, media: [] },
      {
        agentId: 'agent-1',
        ownerId: 'owner-1',
        conversationId: 'conversation-1',
        messageId: 'message-1',
        receivedAt: new Date(),
      },
      deps,
    );
    expect(sends).toEqual([]);
    expect(events).toContain('turn_refused');
    expect(inserted).toEqual([
      expect.objectContaining({
        user_id: 'owner-1',
        assigned_agent: 'agent-1',
        conversation_id: 'conversation-1',
        // No reply existed: the record points at the user's message it leaves unanswered.
        message_id: 'message-1',
        direction: 'outbound',
        from_number: '+14155550100',
        to_number: '+33611111111',
        status: 'not_sent',
        not_sent_reason: 'turn_refused',
        error_message: 'No agent answers at this address.',
      }),
    ]);
  });
});
