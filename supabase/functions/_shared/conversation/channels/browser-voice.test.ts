import { describe, expect, it } from 'vitest';
import type { LoadedAgent } from '../agents.ts';
import { SPOKEN_STYLE } from '../prompt.ts';
import type { TranscriptLine } from '../transcript.ts';
import type { ToolInvocation } from '../turn.ts';
import {
  controlVoiceCall,
  type VoiceCallControlDeps,
  type VoiceControlConnection,
  type VoiceControlEvent,
} from './browser-voice.ts';

const AGENT: LoadedAgent = {
  id: 'a0000000-0000-4000-8000-000000000001',
  ownerId: 'd0000000-0000-4000-8000-000000000001',
  name: 'Clara',
  companyName: 'Le Petit Bistrot',
  systemPrompt: 'You are Clara, the host.',
  defaultLanguage: 'en_US',
  voice: 'female',
  whatsappVoiceReplies: false,
  publicChatEnabled: true,
  hasKnowledge: true,
  timeZone: null,
  interactions: [],
  tools: [
    {
      id: 'calendar',
      name: 'Calendar',
      description: null,
      functionDefinition: {
        name: 'manage_calendar',
        parameters: { properties: { action: { type: 'string' } }, required: ['action'] },
      },
      config: {},
    },
  ],
};
const CALL = 'c0000000-0000-4000-8000-000000000001';

/** An in-memory sideband: the test plays the model's events; what the server sends is kept. */
function fakeConnection(script: VoiceControlEvent[]) {
  const sent: { type: string; [key: string]: unknown }[] = [];
  let closed = false;
  const connection: VoiceControlConnection = {
    updateSession: (session) => void sent.push({ type: 'session.update', session }),
    sendFunctionOutput: (callId, output) => void sent.push({ type: 'function_call_output', callId, output }),
    createResponse: (options) => void sent.push({ type: 'response.create', ...options }),
    async *events() {
      for (const event of script) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield event;
        if (event.type === 'closed') return;
      }
    },
    close: () => {
      closed = true;
    },
  };
  return { connection, sent, isClosed: () => closed };
}

function harness(script: VoiceControlEvent[], overrides: Partial<VoiceCallControlDeps> = {}) {
  const fake = fakeConnection(script);
  const lines: TranscriptLine[] = [];
  const runs: ToolInvocation[] = [];
  const settled: string[] = [];
  const deps: VoiceCallControlDeps = {
    model: 'gpt-realtime',
    loadCall: async (id) =>
      id === CALL
        ? { callId: CALL, providerCallId: 'rtc_1', agentId: AGENT.id, ownerId: AGENT.ownerId, conversationId: 'conv-1' }
        : null,
    loadAgent: async () => AGENT,
    connect: async () => fake.connection,
    runTool: async (invocation) => {
      runs.push(invocation);
      return invocation.arguments.action === 'check_availability'
        ? { ok: true, result: { available: ['12:00'] } }
        : { ok: true, result: { booked: true } };
    },
    retrieve: async () => ({
      passages: [
        {
          chunkId: '1',
          documentId: 'doc-hours',
          documentName: 'hours.txt',
          content: 'We open at 7am.',
          score: 1,
          vectorRank: 1,
          textRank: 1,
        },
      ],
      citations: [{ documentId: 'doc-hours', name: 'hours.txt', snippet: 'We open at 7am.' }],
    }),
    writeTranscript: async (line) => (lines.push(line), { messageId: `m${lines.length}` }),
    renewLease: async () => ({ alive: true, secondsLeft: 300, final: false }),
    settle: async (id) => void settled.push(id),
    ...overrides,
  };
  return { deps, lines, runs, settled, ...fake };
}

const call = (
  callId: string,
  name: string,
  args: Record<string, unknown>,
  responseId = `resp_${callId}`,
): VoiceControlEvent => ({
  type: 'function_call',
  callId,
  name,
  arguments: JSON.stringify(args),
  itemId: `item_${callId}`,
  responseId,
});
const done = (responseId: string): VoiceControlEvent => ({
  type: 'response_done',
  responseId,
  status: 'completed',
  usage: null,
});

describe('browser voice through the conversation core', () => {
  it('configures the session in spoken style, greets, runs tools in a row, writes transcripts and settles at the end', async () => {
    const h = harness([
      { type: 'user_transcript', itemId: 'u1', text: 'Can I have a table for two on Friday at noon?' },
      call('c1', 'manage_calendar', { action: 'check_availability' }),
      done('resp_c1'),
      call('c2', 'manage_calendar', { action: 'create_appointment' }),
      done('resp_c2'),
      { type: 'assistant_transcript', itemId: 'a1', responseId: 'resp_3', text: 'Booked for Friday at noon.' },
      done('resp_3'),
      { type: 'user_transcript', itemId: 'u2', text: 'And when do you open in the morning?' },
      call('c3', 'search_knowledge', { query: 'opening hours' }),
      done('resp_c3'),
      { type: 'assistant_transcript', itemId: 'a2', responseId: 'resp_5', text: 'We open at 7am.' },
      { type: 'closed', code: 1000, reason: 'hangup' },
    ]);
    await controlVoiceCall(CALL, h.deps);

    const session = h.sent[0]!.session as { instructions: string; tools: { name: string }[]; audio: unknown };
    expect(h.sent[0]!.type).toBe('session.update');
    expect(session.instructions).toContain(SPOKEN_STYLE);
    expect(session.instructions).toContain('search_knowledge');
    expect(session.tools.map((t) => t.name)).toEqual(['manage_calendar', 'search_knowledge']);
    expect(session.audio).toMatchObject({ input: { transcription: {} }, output: { voice: 'marin' } });
    expect(h.sent[1]).toMatchObject({
      type: 'response.create',
      instructions: expect.stringContaining('likely recorded'),
    });

    // Each call's output goes back; once its response is done, one response is asked for.
    expect(h.sent.slice(2).map((e) => `${e.type}${e.callId ? `:${String(e.callId)}` : ''}`)).toEqual([
      'function_call_output:c1',
      'response.create',
      'function_call_output:c2',
      'response.create',
      'function_call_output:c3',
      'response.create',
    ]);
    expect(h.runs.map((r) => [r.functionName, r.arguments.action, r.channel])).toEqual([
      ['manage_calendar', 'check_availability', 'voice'],
      ['manage_calendar', 'create_appointment', 'voice'],
    ]);
    expect(JSON.parse(String(h.sent[6]!.output))).toEqual({
      passages: [{ n: 1, document: 'hours.txt', text: 'We open at 7am.' }],
    });

    expect(h.lines.map((l) => [l.role, l.content, l.channel])).toEqual([
      ['user', 'Can I have a table for two on Friday at noon?', 'voice'],
      ['assistant', 'Booked for Friday at noon.', 'voice'],
      ['user', 'And when do you open in the morning?', 'voice'],
      ['assistant', 'We open at 7am.', 'voice'],
    ]);
    expect(h.lines[1]!.tools).toEqual([
      { name: 'Calendar', function: 'manage_calendar', status: 'succeeded', step: 1 },
      { name: 'Calendar', function: 'manage_calendar', status: 'succeeded', step: 2 },
    ]);
    expect(h.lines[3]!.tools).toEqual([]);
    expect(h.lines[3]!.citations).toEqual([{ documentId: 'doc-hours', name: 'hours.txt', snippet: 'We open at 7am.' }]);
    expect(h.lines.every((l) => l.conversationId === 'conv-1' && l.ownerId === AGENT.ownerId)).toBe(true);
    expect(h.settled).toEqual([CALL]);
    expect(h.isClosed()).toBe(true);
  });

  it('sends every output of a response, then one response.create after that response is done', async () => {
    const h = harness([
      { type: 'user_transcript', itemId: 'u1', text: 'Is Friday free, and what are your hours?' },
      call('c1', 'manage_calendar', { action: 'check_availability' }, 'resp_1'),
      call('c2', 'search_knowledge', { query: 'hours' }, 'resp_1'),
      done('resp_1'),
      { type: 'closed', code: 1000, reason: '' },
    ]);
    await controlVoiceCall(CALL, h.deps);
    expect(h.sent.slice(2).map((e) => e.type)).toEqual([
      'function_call_output',
      'function_call_output',
      'response.create',
    ]);
  });

  it('bounds tool calls between two things the caller says', async () => {
    const h = harness(
      [
        { type: 'user_transcript', itemId: 'u1', text: 'Check every day of the year for me please' },
        call('c1', 'manage_calendar', { action: 'check_availability' }),
        call('c2', 'manage_calendar', { action: 'check_availability' }),
        call('c3', 'manage_calendar', { action: 'check_availability' }),
        { type: 'assistant_transcript', itemId: 'a1', responseId: 'r', text: 'Nothing free, sorry.' },
        { type: 'closed', code: 1000, reason: '' },
      ],
      { toolLimits: { maxSteps: 2 } },
    );
    await controlVoiceCall(CALL, h.deps);
    expect(h.runs).toHaveLength(2);
    const third = h.sent.find((e) => e.callId === 'c3');
    expect(JSON.parse(String(third?.output))).toMatchObject({ error: expect.stringContaining('too many tool calls') });
    expect(h.lines[1]!.tools?.map((t) => t.status)).toEqual(['succeeded', 'succeeded', 'failed']);
  });

  it('past the bound, asks once for an answer without tools and then stops continuing tool calls', async () => {
    const h = harness(
      [
        { type: 'user_transcript', itemId: 'u1', text: 'Check every day of the year for me please' },
        call('c1', 'manage_calendar', { action: 'check_availability' }),
        done('resp_c1'),
        call('c2', 'manage_calendar', { action: 'check_availability' }),
        done('resp_c2'),
        call('c3', 'manage_calendar', { action: 'check_availability' }),
        done('resp_c3'),
        call('c4', 'manage_calendar', { action: 'check_availability' }),
        done('resp_c4'),
        { type: 'closed', code: 1000, reason: '' },
      ],
      { toolLimits: { maxSteps: 1 } },
    );
    await controlVoiceCall(CALL, h.deps);
    const continuations = h.sent.filter((e) => e.type === 'response.create').slice(1); // [0] is the greeting
    expect(continuations).toHaveLength(2);
    expect(continuations[0]!.instructions).toBeUndefined();
    expect(String(continuations[1]!.instructions)).toContain('Do not call any tool');
    expect(h.sent.filter((e) => e.type === 'function_call_output')).toHaveLength(4);
  });

  it('renews the lease while the socket is open and hangs up when the call is over', async () => {
    let renewals = 0;
    const never = harness([]);
    let close!: () => void;
    const ended = new Promise<void>((resolve) => (close = resolve));
    const connection: VoiceControlConnection = {
      ...never.connection,
      async *events() {
        await ended;
        yield { type: 'closed', code: 1000, reason: 'lease' };
      },
      close: () => close(),
    };
    const h = harness([], {
      connect: async () => connection,
      leaseRenewMs: 5,
      renewLease: async () => {
        renewals++;
        return { alive: renewals < 3, secondsLeft: 30 - renewals * 10, final: true };
      },
    });
    await controlVoiceCall(CALL, h.deps);
    expect(renewals).toBeGreaterThanOrEqual(3);
    // A final reservation close to its end: the agent says goodbye once.
    expect(
      never.sent.filter((e) => e.type === 'response.create' && String(e.instructions).includes('goodbye')),
    ).toHaveLength(1);
    expect(h.settled).toEqual([CALL]);
  });

  it("reports the caller's audio to the lease, never the socket alone, and ends a silent call after a goodbye", async () => {
    const reported: boolean[] = [];
    const never = harness([]);
    const queue: VoiceControlEvent[] = [{ type: 'caller_audio' }];
    let wake: (() => void) | null = null;
    const connection: VoiceControlConnection = {
      ...never.connection,
      createResponse: (options) => {
        never.connection.createResponse(options);
        // The model says the goodbye it was asked for.
        if (String(options?.instructions).includes('goodbye')) {
          queue.push({ type: 'assistant_transcript', itemId: 'bye', responseId: 'r_bye', text: 'Goodbye!' });
          wake?.();
        }
      },
      async *events() {
        for (;;) {
          while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          const event = queue.shift()!;
          yield event;
          if (event.type === 'closed') return;
        }
      },
      close: () => {
        queue.push({ type: 'closed', code: 1000, reason: 'idle' });
        wake?.();
      },
    };
    const h = harness([], {
      connect: async () => connection,
      leaseRenewMs: 5,
      renewLease: async (_callId, evidence) => {
        reported.push(evidence.callerAudio);
        return { alive: true, secondsLeft: 300, final: false, idleSeconds: 0.05 };
      },
    });
    await controlVoiceCall(CALL, h.deps);
    // The caller's sound is reported once; every other renewal says nobody was heard.
    expect(reported.filter(Boolean)).toHaveLength(1);
    expect(reported.length).toBeGreaterThan(1);
    expect(
      never.sent.filter((e) => e.type === 'response.create' && String(e.instructions).includes('goodbye')),
    ).toHaveLength(1);
    expect(h.lines.at(-1)).toMatchObject({ role: 'assistant', content: 'Goodbye!' });
    expect(h.settled).toEqual([CALL]);
  });

  it('leaves a call it cannot control to the page and the sweeper (never settles it early)', async () => {
    const h = harness([], {
      connect: async () => {
        throw new Error('sideband refused');
      },
    });
    await controlVoiceCall(CALL, h.deps);
    expect(h.settled).toEqual([]);
    const unknown = harness([]);
    await controlVoiceCall('c0000000-0000-4000-8000-000000000999', unknown.deps);
    expect(unknown.settled).toEqual([]);
  });
});
