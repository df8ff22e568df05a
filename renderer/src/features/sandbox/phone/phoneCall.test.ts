import { describe, expect, it } from 'vitest';
import type { SandboxPhoneCall } from './sandboxCall.ts';
import { PhoneCall, type PhoneSocket } from './phoneCall.ts';
import { createTextOnlySpeaker, type AgentSpeaker } from './speaker.ts';

const CALL: SandboxPhoneCall = {
  callId: 'c0000000-0000-4000-8000-000000000001',
  callSid: 'SB0001',
  callToken: 'token-1',
  relayUrl: 'ws://127.0.0.1:54321/functions/v1/phone-relay/',
  voiceMode: 'any_model',
  welcomeGreeting: 'Hello, Clara speaking.',
};

/** The relay's end of the socket: what the page sent, and frames/closes the test plays back. */
function mockSocket() {
  const sent: Record<string, unknown>[] = [];
  const handlers: Record<string, ((event: never) => void)[]> = {};
  const closes: { code?: number; reason?: string }[] = [];
  const socket = {
    readyState: 0,
    send: (data: string) => void sent.push(JSON.parse(data) as Record<string, unknown>),
    close(code?: number, reason?: string) {
      closes.push({ code, reason });
      this.readyState = 3;
    },
    addEventListener(type: string, listener: (event: never) => void) {
      (handlers[type] ??= []).push(listener);
    },
  };
  const emit = (type: string, event: unknown) => {
    for (const h of handlers[type] ?? []) h(event as never);
  };
  return {
    socket: socket as PhoneSocket,
    sent,
    closes,
    open() {
      socket.readyState = 1;
      emit('open', {});
    },
    frame: (frame: unknown) => emit('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }),
    serverClose(code: number) {
      socket.readyState = 3;
      emit('close', { code });
    },
  };
}

/** A speaker whose audio the test plays: `heard(n)` = the caller has heard n characters. */
function scriptedSpeaker() {
  let text = '';
  let heardChars = 0;
  let playing = false;
  const idle: (() => void)[] = [];
  const log: string[] = [];
  const speaker: AgentSpeaker = {
    begin: (lang) => {
      text = '';
      heardChars = 0;
      log.push(`begin:${lang}`);
    },
    push: (more) => {
      text += more;
      playing = true;
    },
    end: () => {},
    stop: () => {
      playing = false;
      log.push('stop');
      return text.slice(0, heardChars);
    },
    busy: () => playing,
    onIdle: (l) => void idle.push(l),
  };
  return {
    speaker,
    log,
    heard: (n: number) => void (heardChars = n),
    finishPlaying() {
      playing = false;
      heardChars = text.length;
      for (const l of idle) l();
    },
  };
}

function setup(options: { speaker?: AgentSpeaker; open?: () => Promise<SandboxPhoneCall> } = {}) {
  const relay = mockSocket();
  let clock = 1_000;
  const urls: string[] = [];
  const call = new PhoneCall(
    {
      open: options.open ?? (async () => CALL),
      connect: (url) => {
        urls.push(url);
        return relay.socket;
      },
      speaker: options.speaker ?? createTextOnlySpeaker(),
      now: () => clock,
      sessionId: () => 'VX00',
    },
    { language: 'en_US', fallbackGreeting: 'Hi there!' },
  );
  return { call, relay, urls, tick: (ms: number) => void (clock += ms) };
}

const texts = (call: PhoneCall) => call.state.lines.map((l) => `${l.speaker}:${l.text}`);

describe("the sandbox phone caller (Twilio's side of ConversationRelay)", () => {
  it('opens the call, connects to the sandbox route and sends setup with the token, then the welcome line', async () => {
    const { call, relay, urls } = setup();
    await call.start();
    expect(call.state.status).toBe('connecting');
    expect(urls).toEqual(['ws://127.0.0.1:54321/functions/v1/phone-relay/sandbox/conversation-relay']);
    relay.open();
    expect(relay.sent).toEqual([
      {
        type: 'setup',
        sessionId: 'VX00',
        accountSid: 'sandbox',
        callSid: 'SB0001',
        from: 'sandbox',
        to: 'sandbox',
        direction: 'inbound',
        callType: 'SANDBOX',
        callStatus: 'RINGING',
        customParameters: { callToken: 'token-1' },
      },
    ]);
    expect(call.state).toMatchObject({ status: 'in_progress', connectedAt: 1_000, voiceMode: 'any_model' });
    expect(texts(call)).toEqual(['agent:Hello, Clara speaking.']);
  });

  it('shows the welcome line once when the relay also sends it as text, and a different first reply in full', async () => {
    const { call, relay } = setup();
    await call.start();
    relay.open();
    relay.frame({ type: 'text', token: 'Hello, Clara ', last: false });
    relay.frame({ type: 'text', token: 'speaking.', last: false });
    relay.frame({ type: 'text', token: '', last: true });
    expect(texts(call)).toEqual(['agent:Hello, Clara speaking.']);
    call.say('Hours?');
    relay.frame({ type: 'text', token: 'Hello', last: false });
    relay.frame({ type: 'text', token: ' again, we open at nine.', last: true });
    expect(texts(call)).toEqual([
      'agent:Hello, Clara speaking.',
      'caller:Hours?',
      'agent:Hello again, we open at nine.',
    ]);

    const other = setup();
    await other.call.start();
    other.relay.open();
    other.call.say('Hours?');
    other.relay.frame({ type: 'text', token: 'Hello,', last: false });
    other.relay.frame({ type: 'text', token: '', last: true });
    expect(texts(other.call)).toEqual(['agent:Hello, Clara speaking.', 'caller:Hours?', 'agent:Hello,']);
  });

  it("speaks the sandbox's own greeting when the server sends none", async () => {
    const { call, relay } = setup({ open: async () => ({ ...CALL, welcomeGreeting: undefined }) });
    await call.start();
    relay.open();
    expect(texts(call)).toEqual(['agent:Hi there!']);
  });

  it('sends what the caller says as a final prompt in the agent language and streams the reply token by token', async () => {
    const { call, relay } = setup();
    await call.start();
    relay.open();
    call.say('  What are your opening hours? ');
    expect(relay.sent.at(-1)).toEqual({
      type: 'prompt',
      voicePrompt: 'What are your opening hours?',
      lang: 'en-US',
      last: true,
    });
    relay.frame({ type: 'text', token: 'We open ', last: false });
    expect(call.state.lines.at(-1)).toMatchObject({ speaker: 'agent', text: 'We open ', streaming: true });
    expect(call.state.agentSpeaking).toBe(true);
    relay.frame({ type: 'text', token: 'at nine.', last: false });
    relay.frame({ type: 'text', token: '', last: true });
    expect(call.state.lines.at(-1)).toMatchObject({ text: 'We open at nine.', streaming: false, interrupted: false });
    expect(call.state.agentSpeaking).toBe(false);
    expect(texts(call)).toEqual([
      'agent:Hello, Clara speaking.',
      'caller:What are your opening hours?',
      'agent:We open at nine.',
    ]);
  });

  it('ignores blank prompts and malformed frames, as Twilio drops them', async () => {
    const { call, relay } = setup();
    await call.start();
    relay.open();
    call.say('   ');
    relay.frame('{not json');
    relay.frame({ type: 'text' });
    relay.frame({ type: 'connected' });
    expect(relay.sent.map((f) => f.type)).toEqual(['setup']);
    expect(call.state.status).toBe('in_progress');
  });

  it('interrupts with what was actually heard, stops the voice, and drops the late tokens of the cut reply', async () => {
    const voice = scriptedSpeaker();
    const { call, relay, tick } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    voice.finishPlaying();
    call.say('Tell me about the menu');
    relay.frame({ type: 'text', token: 'Our menu has ', last: false });
    tick(820);
    relay.frame({ type: 'text', token: 'three courses', last: false });
    voice.heard('Our menu'.length);
    call.say('Is it vegan?');
    expect(relay.sent.slice(-2)).toEqual([
      { type: 'interrupt', utteranceUntilInterrupt: 'Our menu', durationUntilInterruptMs: 820 },
      { type: 'prompt', voicePrompt: 'Is it vegan?', lang: 'en-US', last: true },
    ]);
    expect(voice.log).toContain('stop');
    // Still in flight when the relay aborted the turn: never shown nor spoken.
    relay.frame({ type: 'text', token: ' and a dessert.', last: false });
    relay.frame({ type: 'text', token: '', last: true });
    relay.frame({ type: 'text', token: 'Yes, ', last: false });
    relay.frame({ type: 'text', token: 'it is.', last: true });
    expect(texts(call)).toEqual([
      'agent:Hello, Clara speaking.',
      'caller:Tell me about the menu',
      'agent:Our menu',
      'caller:Is it vegan?',
      'agent:Yes, it is.',
    ]);
    expect(call.state.lines[2]).toMatchObject({ interrupted: true, streaming: false });
  });

  it('interrupts a reply whose tokens all came but whose voice is still playing, then keeps the next reply', async () => {
    const voice = scriptedSpeaker();
    const { call, relay } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    voice.finishPlaying();
    call.say('Hours?');
    relay.frame({ type: 'text', token: 'Nine to five. Closed Mondays.', last: true });
    expect(call.state.agentSpeaking).toBe(true);
    voice.heard('Nine to five.'.length);
    call.say('Sunday?');
    expect(relay.sent.at(-2)).toMatchObject({ type: 'interrupt', utteranceUntilInterrupt: 'Nine to five.' });
    relay.frame({ type: 'text', token: 'Open Sunday.', last: true });
    expect(texts(call).slice(-3)).toEqual(['agent:Nine to five.', 'caller:Sunday?', 'agent:Open Sunday.']);
  });

  it('interrupts the welcome line too (welcomeGreetingInterruptible="any")', async () => {
    const voice = scriptedSpeaker();
    const { call, relay } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    voice.heard('Hello,'.length);
    call.bargeIn();
    expect(relay.sent.at(-1)).toMatchObject({ type: 'interrupt', utteranceUntilInterrupt: 'Hello,' });
    expect(texts(call)).toEqual(['agent:Hello,']);
  });

  it('does not interrupt while the agent is silent, nor while it is thinking with nothing said', async () => {
    const { call, relay } = setup();
    await call.start();
    relay.open();
    call.say('One');
    call.say('Two');
    expect(relay.sent.map((f) => f.type)).toEqual(['setup', 'prompt', 'prompt']);
  });

  it("takes recognised speech: interim words cut the agent off, a final result is a prompt, its own voice's echo is ignored", async () => {
    const voice = scriptedSpeaker();
    const { call, relay } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    voice.finishPlaying();
    call.say('Hours?');
    relay.frame({ type: 'text', token: 'We open at nine every day.', last: true });
    voice.heard('We open'.length);
    // The microphone hears the agent's own voice.
    call.callerSpeech('we open at', false);
    call.callerSpeech('We open at nine', true);
    expect(relay.sent.map((f) => f.type)).toEqual(['setup', 'prompt']);
    call.callerSpeech('and on Sunday', false);
    expect(relay.sent.at(-1)).toMatchObject({ type: 'interrupt', utteranceUntilInterrupt: 'We open' });
    call.callerSpeech('And on Sunday?', true);
    expect(relay.sent.at(-1)).toEqual({ type: 'prompt', voicePrompt: 'And on Sunday?', lang: 'en-US', last: true });
    expect(relay.sent.filter((f) => f.type === 'interrupt')).toHaveLength(1);
  });

  it('sends key presses as dtmf frames and refuses what is not a key', async () => {
    const { call, relay } = setup();
    await call.start();
    relay.open();
    call.press('1');
    call.press('#');
    call.press('x');
    expect(relay.sent.slice(1)).toEqual([
      { type: 'dtmf', digit: '1' },
      { type: 'dtmf', digit: '#' },
    ]);
    expect(call.state.lines.at(-1)).toMatchObject({ speaker: 'caller', text: '#', dtmf: true });
  });

  it("follows the relay's language switch in its next prompts and replies", async () => {
    const voice = scriptedSpeaker();
    const { call, relay } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    relay.frame({ type: 'language', ttsLanguage: 'fr-FR', transcriptionLanguage: 'fr-FR' });
    call.say('Bonjour');
    expect(relay.sent.at(-1)).toMatchObject({ type: 'prompt', lang: 'fr-FR' });
    relay.frame({ type: 'text', token: 'Bonjour !', last: true });
    expect(voice.log.at(-1)).toBe('begin:fr-FR');
  });

  it("ends when the agent sends end, letting the goodbye play, and says a transfer's handoff", async () => {
    const voice = scriptedSpeaker();
    const { call, relay, tick } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    relay.frame({ type: 'text', token: 'Goodbye!', last: true });
    tick(5_000);
    relay.frame({ type: 'end' });
    expect(call.state).toMatchObject({ status: 'ended', endReason: 'agent_ended', endedAt: 6_000 });
    expect(voice.log).not.toContain('stop');
    expect(relay.closes).toEqual([{ code: 1000, reason: 'agent_ended' }]);

    const second = setup();
    await second.call.start();
    second.relay.open();
    second.relay.frame({ type: 'end', handoffData: '{"reason":"transfer"}' });
    expect(second.call.state.endReason).toBe('transferred');
  });

  it('hangs up by closing the socket normally and silencing the agent; nothing is sent after', async () => {
    const voice = scriptedSpeaker();
    const { call, relay } = setup({ speaker: voice.speaker });
    await call.start();
    relay.open();
    call.hangUp();
    expect(call.state).toMatchObject({ status: 'ended', endReason: 'hangup' });
    expect(relay.closes).toEqual([{ code: 1000, reason: 'hangup' }]);
    expect(voice.log).toContain('stop');
    call.say('Hello?');
    relay.frame({ type: 'text', token: 'late', last: true });
    expect(relay.sent.map((f) => f.type)).toEqual(['setup']);
    expect(texts(call)).toEqual(['agent:Hello, Clara speaking.']);
  });

  it("reports the server's refusal (e.g. no credits) without opening a socket", async () => {
    const refusal = new Error('No credits left');
    const { call, urls } = setup({
      open: async () => {
        throw refusal;
      },
    });
    await call.start();
    expect(call.state).toMatchObject({ status: 'ended', endReason: 'start_failed', error: refusal });
    expect(urls).toEqual([]);
  });

  it('tells an unreachable relay, a refused socket and a dropped call apart', async () => {
    const unreachable = setup();
    await unreachable.call.start();
    unreachable.relay.serverClose(1006);
    expect(unreachable.call.state.endReason).toBe('unreachable');

    const refused = setup();
    await refused.call.start();
    refused.relay.open();
    refused.relay.serverClose(1008);
    expect(refused.call.state.endReason).toBe('rejected');

    const dropped = setup();
    await dropped.call.start();
    dropped.relay.open();
    dropped.relay.serverClose(1011);
    expect(dropped.call.state.endReason).toBe('dropped');
  });

  it('hung up while the server opens the call: never connects', async () => {
    let release: (c: SandboxPhoneCall) => void = () => {};
    const { call, urls } = setup({ open: () => new Promise((resolve) => (release = resolve)) });
    const starting = call.start();
    call.hangUp();
    release(CALL);
    await starting;
    expect(urls).toEqual([]);
    expect(call.state.endReason).toBe('hangup');
  });
});
