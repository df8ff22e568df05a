import { describe, expect, it } from 'vitest';
import {
  citationsFor,
  createHybridRetriever,
  makeSnippet,
  reciprocalRankFusion,
  textSearchTerms,
  toOrTsQuery,
  type ChunkHit,
} from './retrieval.ts';
import { cosineSimilarity, hashedEmbedding } from '../text/lexical.ts';

const hit = (id: string, documentId = `doc-${id}`, similarity?: number): ChunkHit => ({
  chunkId: id,
  documentId,
  documentName: `${documentId}.pdf`,
  content: `content ${id}`,
  ...(similarity !== undefined ? { similarity } : {}),
});

describe('reciprocalRankFusion', () => {
  it('puts chunks both rankings agree on first and keeps the top 4', () => {
    const fused = reciprocalRankFusion({
      vector: [hit('a'), hit('b'), hit('c'), hit('d'), hit('e')],
      text: [hit('c'), hit('x'), hit('a')],
    });
    expect(fused.map((passage) => passage.chunkId)).toEqual(['a', 'c', 'b', 'x']);
    expect(fused[0]).toMatchObject({ vectorRank: 1, textRank: 3 });
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 63, 10);
    expect(fused[3]).toMatchObject({ vectorRank: null, textRank: 2 });
  });

  it('drops vector-only chunks below the similarity floor but keeps full-text matches', () => {
    const fused = reciprocalRankFusion(
      { vector: [hit('near', 'd1', 0.8), hit('far', 'd2', 0.05)], text: [hit('far', 'd2')] },
      { minVectorSimilarity: 0.2 },
    );
    expect(fused.map((passage) => [passage.chunkId, passage.vectorRank, passage.textRank])).toEqual([
      ['near', 1, null],
      ['far', null, 1],
    ]);
  });

  it('counts a chunk once per ranking and returns nothing for empty rankings', () => {
    const fused = reciprocalRankFusion({ vector: [hit('a'), hit('a')], text: [] });
    expect(fused).toHaveLength(1);
    expect(fused[0]!.score).toBeCloseTo(1 / 61, 10);
    expect(reciprocalRankFusion({ vector: [], text: [] })).toEqual([]);
  });
});

describe('citations', () => {
  it('cites each document once with a snippet around the matching sentence', () => {
    const long =
      'Welcome to our bakery in Lyon. We bake bread every morning. ' +
      'Parking is free behind the shop for customers. ' +
      'We also cater weddings and birthdays with custom cakes, tarts, macarons and a long list of other delicacies.';
    const passages = reciprocalRankFusion({
      vector: [
        { chunkId: 'c1', documentId: 'd1', documentName: 'guide.pdf', content: long },
        { chunkId: 'c2', documentId: 'd1', documentName: 'guide.pdf', content: 'other part' },
        { chunkId: 'c3', documentId: 'd2', documentName: 'faq.txt', content: 'Short answer.' },
      ],
      text: [],
    });
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

describe('createHybridRetriever', () => {
  const chunks = [
    {
      chunkId: 'h1',
      documentId: 'hours',
      documentName: 'hours.txt',
      content: 'Opening hours: Monday to Friday, 9am to 6pm.',
    },
    {
      chunkId: 'p1',
      documentId: 'parking',
      documentName: 'parking.txt',
      content: 'Free parking is available behind the building.',
    },
    {
      chunkId: 'r1',
      documentId: 'refunds',
      documentName: 'refunds.txt',
      content: 'Refunds are issued within 14 days of purchase.',
    },
  ];
  const vectors = new Map(chunks.map((chunk) => [chunk.chunkId, hashedEmbedding(chunk.content)]));
  const calls: string[] = [];
  const retrieve = createHybridRetriever({
    async embedQuery(query) {
      calls.push('embed');
      return hashedEmbedding(query);
    },
    async vectorSearch(_agentId, embedding, limit) {
      calls.push('vector');
      return chunks
        .map((chunk) => ({ ...chunk, similarity: cosineSimilarity(embedding, vectors.get(chunk.chunkId)!) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, limit);
    },
    async textSearch(_agentId, query) {
      calls.push('text');
      const words = query.toLowerCase().match(/\w+/g) ?? [];
      return chunks.filter((chunk) =>
        words.some((word) => word.length > 3 && chunk.content.toLowerCase().includes(word)),
      );
    },
  });

  it('finds the passage that answers the question and cites its document', async () => {
    const result = await retrieve({ agentId: 'a', query: 'Is there parking near the building?', language: 'en' });
    expect(result.passages[0]?.documentId).toBe('parking');
    expect(result.citations[0]).toMatchObject({ documentId: 'parking', name: 'parking.txt' });
    expect(calls.filter((call) => call === 'embed')).toHaveLength(1);
  });

  it('still answers from vectors when full-text search fails', async () => {
    const degraded = createHybridRetriever({
      embedQuery: async (query) => hashedEmbedding(query),
      vectorSearch: async (_a, embedding) =>
        chunks
          .map((chunk) => ({ ...chunk, similarity: cosineSimilarity(embedding, vectors.get(chunk.chunkId)!) }))
          .sort((a, b) => b.similarity - a.similarity),
      textSearch: async () => {
        throw new Error('syntax error in tsquery');
      },
    });
    const result = await degraded({ agentId: 'a', query: 'refunds within how many days', language: 'en' });
    expect(result.passages[0]?.documentId).toBe('refunds');
  });
});

describe('full-text query building', () => {
  it('keeps the content words of a question, accents included, and ORs them with prefix matching', () => {
    expect(textSearchTerms('What are your opening hours on Saturday?')).toEqual(['opening', 'hours', 'saturday']);
    expect(textSearchTerms('Quels sont vos horaires le samedi ? Êtes-vous ouverts')).toEqual([
      'horaires',
      'samedi',
      'êtes',
      'ouverts',
    ]);
    expect(toOrTsQuery(['opening', 'hours'])).toBe('opening:* | hours:*');
    expect(toOrTsQuery(textSearchTerms('is it ?'))).toBeNull();
  });

  it('cannot smuggle tsquery operators from the visitor', () => {
    const query = toOrTsQuery(textSearchTerms("pain & !chocolat | (croissant) <-> 'x':*"));
    expect(query).toBe('pain:* | chocolat:* | croissant:*');
  });
});
