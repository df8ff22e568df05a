import { describe, expect, it } from 'vitest';
import { noticeSections, paragraphKeys, privacySections } from './documents.ts';
import { legalEn } from './locales/en.ts';
import { legalFr } from './locales/fr.ts';

describe('legal documents', () => {
  it('the privacy policy has its 11 sections, each with a unique anchor and text in both languages', () => {
    expect(privacySections).toHaveLength(11);
    expect(new Set(privacySections.map((s) => s.anchor)).size).toBe(11);
    for (const { id } of privacySections) {
      expect(paragraphKeys(legalEn.privacy.sections[id]).length).toBeGreaterThan(0);
      expect(paragraphKeys(legalFr.privacy.sections[id])).toEqual(paragraphKeys(legalEn.privacy.sections[id]));
    }
  });

  it('the legal notice names Wyoming, a DPO and copyright 2025', () => {
    const text = JSON.stringify(legalEn.notice);
    expect(text).toContain('Wyoming');
    expect(text).toContain('Data Protection Officer');
    expect(text).toContain('© 2025');
    expect(noticeSections.map((s) => s.anchor)).toContain('terms');
  });

  it('orders paragraphs numerically', () => {
    expect(paragraphKeys({ p10: '', title: '', p2: '', p1: '' })).toEqual(['p1', 'p2', 'p10']);
  });
});
