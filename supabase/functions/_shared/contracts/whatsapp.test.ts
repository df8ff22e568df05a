import { describe, expect, it } from 'vitest';
import { e164FromWhatsApp, splitWhatsAppBody } from './whatsapp.ts';

describe('splitWhatsAppBody', () => {
  it('keeps a short reply whole', () => {
    expect(splitWhatsAppBody('  Hello there.  ')).toEqual(['Hello there.']);
  });
  it('cuts at the last sentence end that fits', () => {
    expect(splitWhatsAppBody('One two. Three four. Five six.', 20)).toEqual(['One two. Three four.', 'Five six.']);
  });
  it('falls back to a space, then to a hard cut', () => {
    expect(splitWhatsAppBody('aaaa bbbb cccc', 10)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitWhatsAppBody('abcdefghijkl', 5)).toEqual(['abcde', 'fghij', 'kl']);
  });
  it('never exceeds the limit, counting characters not UTF-16 units', () => {
    const parts = splitWhatsAppBody('😀 '.repeat(2000), 1600);
    for (const part of parts) expect(Array.from(part).length).toBeLessThanOrEqual(1600);
  });
});

describe('e164FromWhatsApp', () => {
  it('strips the prefix and anything but digits', () => {
    expect(e164FromWhatsApp('whatsapp:+33 6 12 34 56 78')).toBe('+33612345678');
  });
});
