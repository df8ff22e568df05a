import { describe, expect, it } from 'vitest';
import { createCallerListener, recognitionConstructor, type RecognitionLike } from './listener.ts';

function fakeRecognition() {
  const instances: (RecognitionLike & { started: number; aborted: boolean })[] = [];
  class Recognition implements RecognitionLike {
    lang = '';
    continuous = false;
    interimResults = false;
    onresult: RecognitionLike['onresult'] = null;
    onend: RecognitionLike['onend'] = null;
    onerror: RecognitionLike['onerror'] = null;
    started = 0;
    aborted = false;
    constructor() {
      instances.push(this);
    }
    start() {
      this.started += 1;
    }
    stop() {}
    abort() {
      this.aborted = true;
    }
  }
  return { Recognition, instances };
}

const result = (transcript: string, isFinal: boolean) => ({ isFinal, 0: { transcript } });

function listen() {
  const { Recognition, instances } = fakeRecognition();
  const heard: string[] = [];
  const speech: string[] = [];
  let failures = 0;
  const listener = createCallerListener(Recognition, {
    onSpeech: (t) => void speech.push(t),
    onUtterance: (t) => heard.push(t),
    onFailure: () => (failures += 1),
  });
  return { listener, instances, heard, speech: () => speech, failures: () => failures };
}

describe('the caller listener (speech recognition)', () => {
  it('finds SpeechRecognition or its webkit name, or nothing', () => {
    class R {}
    expect(recognitionConstructor({ webkitSpeechRecognition: R })).toBe(R);
    expect(recognitionConstructor({ SpeechRecognition: R })).toBe(R);
    expect(recognitionConstructor({})).toBeNull();
  });

  it('listens continuously in the language, a final result is an utterance, interim words are speech', () => {
    const l = listen();
    l.listener.start('fr-FR');
    const r = l.instances[0];
    expect(r).toMatchObject({ lang: 'fr-FR', continuous: true, interimResults: true, started: 1 });
    r?.onresult?.({ resultIndex: 0, results: [result('bon', false)] });
    expect(l.speech()).toEqual([]);
    r?.onresult?.({ resultIndex: 0, results: [result('bonjour madame', false)] });
    expect(l.speech()).toEqual(['bonjour madame']);
    r?.onresult?.({ resultIndex: 0, results: [result(' bonjour madame ', true)] });
    expect(l.heard).toEqual(['bonjour madame']);
  });

  it('restarts after the browser stops it on a silence, not after stop()', () => {
    const l = listen();
    l.listener.start('en-US');
    const r = l.instances[0];
    r?.onend?.();
    expect(r?.started).toBe(2);
    l.listener.stop();
    expect(r?.aborted).toBe(true);
    r?.onend?.();
    expect(r?.started).toBe(2);
  });

  it('gives up on a denied microphone, not on a "no speech" pause', () => {
    const l = listen();
    l.listener.start('en-US');
    l.instances[0]?.onerror?.({ error: 'no-speech' });
    expect(l.failures()).toBe(0);
    l.instances[0]?.onerror?.({ error: 'not-allowed' });
    expect(l.failures()).toBe(1);
    l.instances[0]?.onend?.();
    expect(l.instances[0]?.started).toBe(1);
  });

  it('a language switch replaces the recognition', () => {
    const l = listen();
    l.listener.start('en-US');
    l.listener.start('fr-FR');
    expect(l.instances[0]?.aborted).toBe(true);
    expect(l.instances[1]?.lang).toBe('fr-FR');
    // The old one's end does not restart it.
    l.instances[0]?.onend?.();
    expect(l.instances[0]?.started).toBe(1);
  });
});
