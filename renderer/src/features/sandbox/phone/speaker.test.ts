import { describe, expect, it } from 'vitest';
import {
  createSynthesisSpeaker,
  createTextOnlySpeaker,
  lastSentenceEnd,
  pickVoice,
  type UtteranceLike,
  type VoiceLike,
} from './speaker.ts';

const VOICES: VoiceLike[] = [
  { name: 'Google US English', lang: 'en-US' },
  { name: 'Microsoft David - English (United States)', lang: 'en-US' },
  { name: 'Microsoft Zira - English (United States)', lang: 'en-US' },
  { name: 'Google UK English Female', lang: 'en-GB' },
  { name: 'Google UK English Male', lang: 'en-GB' },
  { name: 'Thomas', lang: 'fr-FR' },
  { name: 'Amélie', lang: 'fr_CA' },
];

describe('pickVoice', () => {
  it('takes the exact language with the agent gender', () => {
    expect(pickVoice(VOICES, 'en-US', 'female')?.name).toContain('Zira');
    expect(pickVoice(VOICES, 'en_US', 'male')?.name).toContain('David');
    expect(pickVoice(VOICES, 'en-GB', 'female')?.name).toBe('Google UK English Female');
    // "Female" contains "male".
    expect(pickVoice(VOICES, 'en-GB', 'male')?.name).toBe('Google UK English Male');
  });

  it('falls back to the language in another region, then to any voice of the language, then to none', () => {
    expect(pickVoice(VOICES, 'fr-BE', 'male')?.name).toBe('Thomas');
    expect(pickVoice(VOICES, 'fr-FR', 'female')?.name).toBe('Thomas');
    expect(pickVoice(VOICES, 'de-DE', 'male')).toBeNull();
  });
});

describe('lastSentenceEnd', () => {
  it('finds the end of the last complete sentence from a position', () => {
    expect(lastSentenceEnd('We open at nine. Closed', 0)).toBe('We open at nine.'.length);
    expect(lastSentenceEnd('Hi! Yes? Fine.', 4)).toBe('Hi! Yes?'.length);
    expect(lastSentenceEnd('Hi! Yes? Fine.', 9)).toBe(-1);
    // Not yet a sentence: "3." may go on as "3.5".
    expect(lastSentenceEnd('It costs 3.', 0)).toBe(-1);
    expect(lastSentenceEnd('3.5 euros', 0)).toBe(-1);
    expect(lastSentenceEnd('No end yet', 0)).toBe(-1);
  });
});

function fakeSynthesis() {
  const spoken: UtteranceLike[] = [];
  let cancelled = 0;
  return {
    spoken,
    cancelled: () => cancelled,
    synthesis: {
      speak: (u: UtteranceLike) => void spoken.push(u),
      cancel: () => {
        cancelled += 1;
        // Browsers fire end (or error) on what was queued when cancelled.
        for (const u of spoken.splice(0)) u.onerror?.();
      },
      getVoices: () => VOICES,
    },
    createUtterance: (text: string): UtteranceLike => ({
      text,
      lang: '',
      voice: null,
      onstart: null,
      onend: null,
      onerror: null,
      onboundary: null,
    }),
  };
}

function speaker(timers: (() => void)[] = []) {
  const fake = fakeSynthesis();
  const s = createSynthesisSpeaker({
    synthesis: fake.synthesis,
    createUtterance: fake.createUtterance,
    gender: 'female',
    setTimer: (fn) => timers.push(fn),
    clearTimer: () => {},
  });
  return { fake, s };
}

describe('the speechSynthesis speaker', () => {
  it('voices a sentence as soon as it is complete, the rest at the end, in the language and voice', () => {
    const { fake, s } = speaker();
    s.begin('en-GB');
    s.push('Our hours ');
    expect(fake.spoken).toEqual([]);
    s.push('are nine to five. We ');
    expect(fake.spoken.map((u) => u.text)).toEqual(['Our hours are nine to five.']);
    expect(fake.spoken[0]).toMatchObject({ lang: 'en-GB', voice: { name: 'Google UK English Female' } });
    s.push('close on Mondays');
    s.end();
    expect(fake.spoken.map((u) => u.text)).toEqual(['Our hours are nine to five.', ' We close on Mondays']);
    expect(s.busy()).toBe(true);
  });

  it('reports as heard the words spoken up to the interruption, and stops', () => {
    const { fake, s } = speaker();
    s.begin('en-US');
    s.push('We open at nine. Closed on Mondays.');
    s.end();
    const [first, second] = fake.spoken;
    first?.onstart?.();
    first?.onboundary?.({ charIndex: 0, charLength: 2 });
    first?.onboundary?.({ charIndex: 3 });
    expect(s.stop()).toBe('We open');
    expect(fake.cancelled()).toBeGreaterThan(0);
    expect(s.busy()).toBe(false);
    // The cancelled utterances' late events change nothing.
    second?.onend?.();
    expect(s.stop()).toBe('We open');
  });

  it('counts a finished utterance as heard and says when it falls silent', () => {
    const { fake, s } = speaker();
    let idle = 0;
    s.onIdle(() => (idle += 1));
    s.begin('en-US');
    s.push('Hello there. How can I help?');
    s.end();
    fake.spoken[0]?.onend?.();
    expect(idle).toBe(0);
    fake.spoken[1]?.onend?.();
    expect(idle).toBe(1);
    expect(s.busy()).toBe(false);
    expect(s.stop()).toBe('Hello there. How can I help?');
  });

  it('treats an utterance that never starts as heard (a browser whose voice never plays)', () => {
    const timers: (() => void)[] = [];
    const { s } = speaker(timers);
    s.begin('en-US');
    s.push('Hello.');
    s.end();
    expect(s.busy()).toBe(true);
    for (const t of timers) t();
    expect(s.busy()).toBe(false);
    expect(s.stop()).toBe('Hello.');
  });

  it('a new reply starts from nothing heard', () => {
    const { fake, s } = speaker();
    s.begin('en-US');
    s.push('First reply.');
    s.end();
    fake.spoken[0]?.onend?.();
    expect(s.busy()).toBe(false);
    s.begin('en-US');
    s.push('Second');
    expect(s.stop()).toBe('');
  });
});

describe('the text-only speaker', () => {
  it('is never busy and has "heard" everything shown', () => {
    const s = createTextOnlySpeaker();
    s.begin('en-US');
    s.push('Our menu ');
    s.push('has three courses');
    expect(s.busy()).toBe(false);
    expect(s.stop()).toBe('Our menu has three courses');
  });
});
