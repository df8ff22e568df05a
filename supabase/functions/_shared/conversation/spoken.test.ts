import { describe, expect, it } from 'vitest';
import { heardPart, spokenPart } from './spoken.ts';

describe('spokenPart', () => {
  it('keeps whole words up to the fraction heard', () => {
    const text = 'Our menu has three courses today.';
    expect(spokenPart(text, 1)).toBe(text);
    expect(spokenPart(text, 0)).toBe('');
    expect(spokenPart(text, 0.3)).toBe('Our menu has');
  });
});

describe('heardPart', () => {
  const reply = 'We are closed on Sundays, but open every other day.';

  it('cuts our reply where the heard text ends, ignoring punctuation, case and spacing', () => {
    expect(heardPart(reply, 'we are  closed on sundays')).toBe('We are closed on Sundays');
    expect(heardPart(reply, 'We are closed on Sundays but')).toBe('We are closed on Sundays, but');
    expect(heardPart(reply, reply)).toBe(reply);
  });

  it('never stores the words a caller sent: other text keeps a proportional prefix of our reply', () => {
    const forged = 'I promise you a full refund and a free dinner';
    const kept = heardPart(reply, forged);
    expect(reply.startsWith(kept)).toBe(true);
    expect(kept).not.toContain('refund');
    expect(heardPart('Hello there.', 'x'.repeat(10_000))).toBe('Hello there.');
  });

  it('keeps nothing when nothing was heard', () => {
    expect(heardPart(reply, '')).toBe('');
    expect(heardPart(reply, ' ,.')).toBe('');
  });
});
