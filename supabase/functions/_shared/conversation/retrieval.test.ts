import { describe, expect, it } from 'vitest';
import { citationsFor, makeSnippet, textSearchTerms, toOrTsQuery, type FusedPassage } from './retrieval.ts';

/** A passage as match_knowledge_chunks returns it (best first). */
const passage = (chunkId: string, documentId: string, documentName: string, content: string): FusedPassage => ({
  chunkId,
  documentId,
  documentName,
  content,
  score: 0,
  vectorRank: null,
  textRank: null,
});

describe('citations', () => {
  it('cites each document once with a snippet around the matching sentence', () => {
    const long =
      'Welcome to our bakery in Lyon. We bake bread every morning. ' +
      'Parking is free behind the shop for customers. ' +
      'We also cater weddings and birthdays with custom cakes, tarts, macarons and a long list of other delicacies.';
    const passages = [
      passage('c1', 'd1', 'guide.pdf', long),
      passage('c2', 'd1', 'guide.pdf', 'other part'),
      passage('c3', 'd2', 'faq.txt', 'Short answer.'),
    ];
    const citations = citationsFor(passages, 'Where can I park?', 80);
    expect(citations).toHaveLength(2);
    expect(citations[0]!.documentId).toBe('d1');
    expect(citations[0]!.snippet.startsWith('… Parking is free behind the shop')).toBe(true);
    expect(citations[0]!.snippet.length).toBeLessThanOrEqual(90);
    expect(citations[1]).toEqual({ documentId: 'd2', name: 'faq.txt', snippet: 'Short answer.' });
  });

  it('leaves short passages whole', () => {
    expect(makeSnippet('  Open\n daily.  ', 'open')).toBe('Open daily.');
  });
});

describe('full-text query building', () => {
  it('keeps the content words of a question, accents included, and ORs them with prefix matching', () => {
    expect(textSearchTerms('What are your opening hours on Saturday?').slice(0, 3)).toEqual([
      'opening',
      'hours',
      'saturday',
    ]);
    expect(textSearchTerms('Quels sont vos horaires le samedi ? Êtes-vous ouverts').slice(0, 3)).toEqual([
      'horaires',
      'samedi',
      'ouverts',
    ]);
    expect(toOrTsQuery(['opening', 'hours'])).toBe('opening:* | hours:*');
    expect(toOrTsQuery(textSearchTerms('is it ?'))).toBeNull();
  });

  it("also searches stems, accent-free spellings and the other language's words for the same thing", () => {
    const french = textSearchTerms('Êtes-vous ouverts le dimanche ?');
    expect(french).toEqual(expect.arrayContaining(['ouverts', 'dimanche', 'sunday', 'open', 'clos']));
    expect(textSearchTerms('Are you open on Sunday?')).toEqual(expect.arrayContaining(['dimanche', 'ferm']));
    expect(textSearchTerms('réservations')).toEqual(expect.arrayContaining(['réservations', 'reservations', 'reserv']));
    expect(textSearchTerms('Where are you?')).toEqual(expect.arrayContaining(['address', 'adresse', 'access']));
    expect(textSearchTerms('Do you sell bicycles?')).toEqual(['sell', 'bicycles', 'bicycl']);
    expect(textSearchTerms('open price where book deliver pay cancel refund', 12, 20)).toHaveLength(20);
  });

  it('cannot smuggle tsquery operators from the visitor', () => {
    const query = toOrTsQuery(textSearchTerms("pain & !chocolat | (croissant) <-> 'x':*"));
    expect(query).toBe('pain:* | chocolat:* | croissant:* | croiss:*');
  });
});
