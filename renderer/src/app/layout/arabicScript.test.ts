import { describe, expect, it } from 'vitest';
import { hasArabicScript } from './arabicScript.ts';

describe('hasArabicScript', () => {
  it('recognises names written in Arabic script, alone or mixed with Latin', () => {
    expect(hasArabicScript('مساعد المطعم')).toBe(true);
    expect(hasArabicScript('Concierge مراكش')).toBe(true);
    // Persian and Urdu use the same script.
    expect(hasArabicScript('دستیار')).toBe(true);
    expect(hasArabicScript('ﻣﺮﺣﺒﺎ')).toBe(true);
  });
  it('leaves other scripts alone', () => {
    for (const name of ['Sales assistant', 'Réception', 'Ассистент', 'עוזר', '助手', '']) {
      expect(hasArabicScript(name), name).toBe(false);
    }
  });
});
