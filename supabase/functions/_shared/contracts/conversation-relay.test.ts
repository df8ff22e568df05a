import { describe, expect, it } from 'vitest';
import { encodeFrame, parseAppFrame, parseTwilioFrame } from './conversation-relay.ts';

describe('ConversationRelay frames', () => {
  it("reads Twilio's documented frames", () => {
    expect(
      parseTwilioFrame(
        JSON.stringify({
          type: 'setup',
          sessionId: 'VX1',
          accountSid: 'AC1',
          callSid: 'CA1',
          from: '+18005550100',
          to: '+18005550101',
          customParameters: { callToken: 't' },
        }),
      ),
    ).toMatchObject({ type: 'setup', callSid: 'CA1', customParameters: { callToken: 't' } });
    expect(
      parseTwilioFrame('{"type":"prompt","voicePrompt":"What are your hours?","lang":"en-US","last":true}'),
    ).toEqual({ type: 'prompt', voicePrompt: 'What are your hours?', lang: 'en-US', last: true });
    expect(parseTwilioFrame('{"type":"dtmf","digit":"#"}')).toEqual({ type: 'dtmf', digit: '#' });
  });

  it('takes the interrupt duration as a number, a numeric string or a decimal', () => {
    const frame = (d: unknown) =>
      parseTwilioFrame(
        JSON.stringify({ type: 'interrupt', utteranceUntilInterrupt: 'Our hours', durationUntilInterruptMs: d }),
      );
    expect(frame(460)).toMatchObject({ durationUntilInterruptMs: 460 });
    expect(frame('460')).toMatchObject({ durationUntilInterruptMs: 460 });
    expect(frame(12.5)).toMatchObject({ durationUntilInterruptMs: 12.5 });
  });

  it('is not a frame: bad JSON, an unknown type, a missing field, a binary message, a two-key dtmf', () => {
    expect(parseTwilioFrame('{nope')).toBeNull();
    expect(parseTwilioFrame('{"type":"connected"}')).toBeNull();
    expect(parseTwilioFrame('{"type":"prompt"}')).toBeNull();
    expect(parseTwilioFrame(new ArrayBuffer(4))).toBeNull();
    expect(parseTwilioFrame('{"type":"dtmf","digit":"12"}')).toBeNull();
    expect(parseAppFrame('{"type":"text"}')).toBeNull();
  });

  it("reads the app's frames, with last defaulting to false and the token kept as sent", () => {
    expect(parseAppFrame('{"type":"text","token":" hours are "}')).toEqual({
      type: 'text',
      token: ' hours are ',
      last: false,
    });
    expect(parseAppFrame('{"type":"text","token":"","last":true}')).toEqual({ type: 'text', token: '', last: true });
    expect(parseAppFrame('{"type":"end","handoffData":"{\\"reason\\":\\"transfer\\"}"}')).toEqual({
      type: 'end',
      handoffData: '{"reason":"transfer"}',
    });
    expect(parseAppFrame('{"type":"language","ttsLanguage":"fr-FR"}')).toMatchObject({ ttsLanguage: 'fr-FR' });
    expect(parseAppFrame('{"type":"sendDigits","digits":"9www1#"}')).toMatchObject({ digits: '9www1#' });
  });

  it('refuses a language frame naming no language and digits Twilio cannot send', () => {
    expect(parseAppFrame('{"type":"language"}')).toBeNull();
    expect(parseAppFrame('{"type":"sendDigits","digits":"12a"}')).toBeNull();
  });

  it('encodes only valid frames, of either side', () => {
    expect(JSON.parse(encodeFrame({ type: 'prompt', voicePrompt: 'Hi', last: true }))).toEqual({
      type: 'prompt',
      voicePrompt: 'Hi',
      last: true,
    });
    expect(JSON.parse(encodeFrame({ type: 'text', token: 'Hello', last: false }))).toEqual({
      type: 'text',
      token: 'Hello',
      last: false,
    });
    expect(() => encodeFrame({ type: 'dtmf', digit: 'x' })).toThrow();
  });
});
