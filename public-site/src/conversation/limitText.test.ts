import { describe, expect, it } from 'vitest';
import { LIMIT_KINDS, type LimitRefusal } from '@contracts/limit-refusal.ts';
import { limitText } from './limitText.ts';

/** Each limit a visitor can meet, in both languages: the limit, its value and when to try again. */
const cases: [LimitRefusal, string, string][] = [
  [
    { kind: 'message_length', max: 4000 },
    'Your message is over the limit of 4,000 characters. Shorten it and send it again.',
    'Votre message dépasse la limite de 4 000 caractères. Raccourcissez-le puis renvoyez-le.',
  ],
  [
    { kind: 'chat_messages', scope: 'address', max: 30, perMinute: 30, retryAfterSeconds: 2 },
    'Your network has reached the message limit: 30 messages at once, then 30 a minute. You can write again in 2 seconds.',
    "Votre réseau a atteint la limite de messages : 30 messages d'affilée, puis 30 par minute. Vous pourrez écrire à nouveau dans 2 secondes.",
  ],
  [
    { kind: 'chat_messages', scope: 'agent', max: 120, perMinute: 120, retryAfterSeconds: 1 },
    'This assistant is receiving the most messages it can take: 120 at once, then 120 a minute. You can write again in 1 second.',
    "Cet assistant reçoit le maximum de messages qu'il peut traiter : 120 d'affilée, puis 120 par minute. Vous pourrez écrire à nouveau dans 1 seconde.",
  ],
  [
    { kind: 'new_conversations', scope: 'address', max: 30, windowSeconds: 3600, retryAfterSeconds: 600 },
    'Your network has started 30 conversations with this assistant in 1 hour, the most allowed. You can start another in 10 minutes.',
    'Votre réseau a démarré 30 conversations avec cet assistant en 1 heure, le maximum autorisé. Vous pourrez en démarrer une autre dans 10 minutes.',
  ],
  [
    { kind: 'conversation_messages', max: 200 },
    'This conversation has reached its limit of 200 messages. Your next message starts a new conversation.',
    'Cette conversation a atteint sa limite de 200 messages. Votre prochain message démarrera une nouvelle conversation.',
  ],
  [
    { kind: 'voice_calls', scope: 'agent', max: 60, windowSeconds: 600, retryAfterSeconds: 120 },
    'This assistant takes at most 60 calls every 10 minutes. You can call again in 2 minutes.',
    'Cet assistant prend au plus 60 appels toutes les 10 minutes. Vous pourrez rappeler dans 2 minutes.',
  ],
  [
    { kind: 'voice_calls', scope: 'visitor', max: 2, concurrent: true, retryAfterSeconds: 30 },
    'At most 2 calls may be in progress at once from your connection. You can call again in 30 seconds.',
    'Au plus 2 appels peuvent être en cours en même temps depuis votre connexion. Vous pourrez rappeler dans 30 secondes.',
  ],
];

const plain = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ') ?? null;

describe('limit refusals in the visitor’s language', () => {
  it.each(cases)('%j', (limit, en, fr) => {
    expect(plain(limitText('en', limit))).toBe(en);
    expect(plain(limitText('fr', limit))).toBe(fr);
  });

  it('every text names the limit: no placeholder is left unfilled', () => {
    for (const [limit] of cases)
      for (const locale of ['en', 'fr'] as const) expect(limitText(locale, limit)).not.toMatch(/\{/);
  });

  it('a refusal without a limit says when to try again, or nothing without a wait', () => {
    expect(limitText('en', null, 45)).toBe('Too many requests for now. You can try again in 45 seconds.');
    expect(limitText('en', null, null)).toBeNull();
  });

  it('covers every kind a visitor can meet (the console words the owners’ ones)', () => {
    const visitorKinds = new Set(cases.map(([limit]) => limit.kind));
    const ownerKinds = new Set(['assist_requests', 'file_size']);
    expect(LIMIT_KINDS.filter((kind) => !visitorKinds.has(kind) && !ownerKinds.has(kind))).toEqual([]);
  });
});
