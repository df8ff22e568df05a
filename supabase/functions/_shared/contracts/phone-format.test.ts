import { describe, expect, it } from 'vitest';
import { exportPhone, formatPhone, phoneE164 } from './phone-format.ts';

describe('one phone number format', () => {
  it('writes a number the same way whatever way it was stored', () => {
    for (const stored of [
      '+33612345678',
      '+33 6 12 34 56 78',
      'whatsapp:+33612345678',
      '33612345678',
      '+33 (6) 12-34-56-78',
    ]) {
      expect(phoneE164(stored)).toBe('+33612345678');
      expect(formatPhone(stored)).toBe('+33 6 12 34 56 78');
    }
    expect(formatPhone('+14155550100')).toBe('+1 415 555 0100');
  });

  it('exports E.164 and leaves what is no number as it is', () => {
    expect(exportPhone('33612345678')).toBe('+33612345678');
    expect(exportPhone('visitor:abc')).toBe('visitor:abc');
    expect(exportPhone(null)).toBeNull();
    expect(formatPhone('visitor:abc')).toBe('visitor:abc');
    expect(phoneE164('12')).toBeNull();
  });
});
