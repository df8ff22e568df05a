import { describe, expect, it } from 'vitest';
import { matchKeys, matchTerms, searchVariants, wordStems } from './stemming.ts';

const matches = (question: string, sentence: string) => {
  const keys = matchKeys(sentence);
  return matchTerms(question).filter((term) => term.keys.some((key) => keys.has(key))).length;
};

describe('word matching for offline answers', () => {
  it('stems English and French words with Snowball, case and accents aside', () => {
    expect(wordStems('Reservations')).toContain('reserv');
    expect(wordStems('réservation')).toContain('reserv');
    expect(wordStems('Horaires')).toContain('horair');
    expect(wordStems('horaire')).toContain('horair');
    expect(wordStems('FERMÉ')).toEqual(expect.arrayContaining(['ferm']));
  });

  it('drops function words and question fillers, keeps words that ask for a concept', () => {
    expect(matchTerms('Are you open on Sunday?').map((term) => term.word)).toEqual(['open', 'sunday']);
    expect(matchTerms('Êtes-vous ouverts le dimanche ?').map((term) => term.word)).toEqual(['ouverts', 'dimanche']);
    expect(matchTerms('Where are you?').map((term) => term.keys[0])).toEqual(['~where']);
    expect(matchTerms('Combien ?').map((term) => term.keys[0])).toEqual(['~price']);
    expect(matchTerms('Is it the?')).toEqual([]);
  });

  it('matches a question to a sentence worded differently or in the other language', () => {
    expect(matches('Are you open on Sunday?', 'Closed on Sunday and Monday.')).toBe(2);
    expect(matches('Êtes-vous ouverts le dimanche ?', 'Closed on Sunday and Monday.')).toBe(2);
    expect(matches('How much is a croissant?', 'product: Croissant; price (EUR): 1.20')).toBe(2);
    expect(matches('Où êtes-vous ?', 'Our address is 14 rue Mercière.')).toBe(1);
    expect(matches('Do you repair bicycles?', 'Closed on Sunday and Monday.')).toBe(0);
  });

  it('adds full-text variants: stem prefixes, accent-free spellings and concept words', () => {
    expect(searchVariants('réservations')).toEqual(expect.arrayContaining(['reservations', 'réserv', 'book']));
    expect(searchVariants('dimanche')).toEqual(expect.arrayContaining(['sunday']));
    expect(searchVariants('bicycles')).toEqual(['bicycl']);
    expect(searchVariants('sell')).toEqual([]);
  });
});
