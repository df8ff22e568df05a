/**
 * Hybrid retrieval: a pgvector cosine ranking and a Postgres full-text ranking of the agent's
 * knowledge chunks, fused with reciprocal rank fusion (RRF), top 4 kept, with citations.
 *
 * RRF needs only ranks, not comparable scores (cosine distance and ts_rank live on different
 * scales), and rewards chunks both rankings agree on. The SQL side is injected.
 */
import type { Citation } from '../contracts/conversation-events.ts';
import { contentWords, foldText, isStopWord, stem } from '../text/lexical.ts';
import { splitSentences } from '../text/sentences.ts';

/** One chunk as a search returns it (best first). */
export interface ChunkHit {
  chunkId: string;
  documentId: string;
  documentName: string;
  content: string;
  /** Cosine similarity (vector search only), 1 = identical. */
  similarity?: number;
}

export interface FusedPassage {
  chunkId: string;
  documentId: string;
  documentName: string;
  content: string;
  score: number;
  vectorRank: number | null;
  textRank: number | null;
}

export interface FusionOptions {
  /** RRF constant: larger flattens the advantage of the very top ranks. 60 is the usual value. */
  k?: number;
  limit?: number;
  /**
   * A chunk found only by vector search must be at least this similar to the query: nearest
   * neighbours always exist, relevant or not. Full-text hits are always lexical matches.
   */
  minVectorSimilarity?: number;
}

export const DEFAULT_PASSAGE_LIMIT = 4;

export function reciprocalRankFusion(
  rankings: { vector: ChunkHit[]; text: ChunkHit[] },
  options: FusionOptions = {},
): FusedPassage[] {
  const k = options.k ?? 60;
  const limit = options.limit ?? DEFAULT_PASSAGE_LIMIT;
  const minSimilarity = options.minVectorSimilarity ?? 0;
  const fused = new Map<string, FusedPassage>();
  const visit = (hits: ChunkHit[], list: 'vector' | 'text') => {
    hits.forEach((hit, index) => {
      const rank = index + 1;
      let entry = fused.get(hit.chunkId);
      if (!entry) {
        entry = { ...pick(hit), score: 0, vectorRank: null, textRank: null };
        fused.set(hit.chunkId, entry);
      }
      // A chunk listed twice in one ranking counts once, at its best rank.
      const field = list === 'vector' ? 'vectorRank' : 'textRank';
      if (entry[field] !== null) return;
      entry[field] = rank;
      entry.score += 1 / (k + rank);
    });
  };
  visit(
    rankings.vector.filter((hit) => hit.similarity === undefined || hit.similarity >= minSimilarity),
    'vector',
  );
  visit(rankings.text, 'text');
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || (a.vectorRank ?? Infinity) - (b.vectorRank ?? Infinity))
    .slice(0, limit);
}

function pick(hit: ChunkHit) {
  return { chunkId: hit.chunkId, documentId: hit.documentId, documentName: hit.documentName, content: hit.content };
}

/**
 * The sentence(s) of a passage closest to the query, cut at a word boundary: what the visitor
 * sees under "sources".
 */
export function makeSnippet(content: string, query: string, maxLength = 200): string {
  const clean = content.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  const queryStems = new Set(contentWords(query).map(stem));
  const sentences = splitSentences(clean);
  let best = 0;
  let bestScore = -1;
  sentences.forEach((sentence, index) => {
    const score = contentWords(sentence).filter((word) => queryStems.has(stem(word))).length;
    if (score > bestScore) {
      bestScore = score;
      best = index;
    }
  });
  let snippet = sentences.slice(best).join(' ');
  const truncated = snippet.length > maxLength;
  if (truncated) {
    const cut = snippet.slice(0, maxLength - 1);
    const space = cut.lastIndexOf(' ');
    snippet = (space > maxLength / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '');
  }
  return `${best > 0 ? '… ' : ''}${snippet}${truncated ? ' …' : ''}`;
}

/** One citation per document, in passage order (the best passage's snippet). */
export function citationsFor(passages: FusedPassage[], query: string, snippetLength = 200): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const passage of passages) {
    if (seen.has(passage.documentId)) continue;
    seen.add(passage.documentId);
    citations.push({
      documentId: passage.documentId,
      name: passage.documentName,
      snippet: makeSnippet(passage.content, query, snippetLength),
    });
  }
  return citations;
}

export interface HybridSearch {
  /** Embeds the query (one embedding call). */
  embedQuery(query: string, signal?: AbortSignal): Promise<number[]>;
  /** Chunks of the agent nearest to the embedding, best first (pgvector `<=>`). */
  vectorSearch(agentId: string, embedding: number[], limit: number, signal?: AbortSignal): Promise<ChunkHit[]>;
  /** Chunks of the agent matching the query's words, best first (tsvector @@ websearch_to_tsquery). */
  textSearch(
    agentId: string,
    query: string,
    language: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<ChunkHit[]>;
}

export interface RetrievalRequest {
  agentId: string;
  query: string;
  language: string;
  signal?: AbortSignal;
}

export interface RetrievalResult {
  passages: FusedPassage[];
  citations: Citation[];
}

/**
 * The engine's `retrieve` dependency built from the two SQL searches. Full-text search starts at
 * once; the vector search waits only for the embedding. A failing full-text search (e.g. an odd
 * query) degrades to vector only rather than failing the turn; a failing embedding fails the
 * retrieval (the engine then answers without knowledge).
 */
export function createHybridRetriever(
  search: HybridSearch,
  options: FusionOptions & { candidates?: number } = {},
): (request: RetrievalRequest) => Promise<RetrievalResult> {
  const candidates = options.candidates ?? 20;
  return async ({ agentId, query, language, signal }) => {
    const textHits = search.textSearch(agentId, query, language, candidates, signal).catch(() => [] as ChunkHit[]);
    const embedding = await search.embedQuery(query, signal);
    const [vector, text] = await Promise.all([search.vectorSearch(agentId, embedding, candidates, signal), textHits]);
    const passages = reciprocalRankFusion({ vector, text }, { minVectorSimilarity: 0.2, ...options });
    return { passages, citations: citationsFor(passages, query) };
  };
}

/**
 * The words of a question worth searching for: lower-cased, accents kept (the stored tsvector
 * keeps them), function words of the common languages dropped, at most `max` distinct words.
 */
export function textSearchTerms(query: string, max = 12): string[] {
  const words =
    query
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (isStopWord(foldText(word)) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === max) break;
  }
  return terms;
}

/**
 * A `to_tsquery` expression that matches chunks containing ANY of the terms (prefix match, so
 * "horaire" finds "horaires"); ts_rank_cd then prefers chunks with more of them. websearch_to_tsquery
 * would AND every word and miss most answers to natural questions. Terms are letters and digits
 * only, so the expression cannot carry tsquery operators from the visitor. Null: nothing to search.
 */
export function toOrTsQuery(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((term) => `${term}:*`).join(' | ');
}

/*
 * The two searches, as the engine expects them (agent-scoped, best first, `limit` rows):
 *
 *   vector:  select c.id, c.document_id, d.name, c.content, 1 - (c.embedding <=> $2) as similarity
 *              from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
 *             where c.agent_id = $1 and d.status = 'ready'
 *             order by c.embedding <=> $2 limit $3;
 *   text:    select c.id, c.document_id, d.name, c.content
 *              from knowledge_chunks c join knowledge_documents d on d.id = c.document_id
 *             where c.agent_id = $1 and d.status = 'ready' and c.fts @@ to_tsquery('simple', $2)
 *             order by ts_rank_cd(c.fts, to_tsquery('simple', $2)) desc limit $3;
 *
 * with `fts tsvector generated always as (to_tsvector('simple', content)) stored`, a GIN index on
 * fts and an HNSW (vector_cosine_ops) index on embedding, $2 = toOrTsQuery(textSearchTerms(q)).
 */

/** Postgres text-search configuration for a language (the `simple` one when Postgres has none). */
export function textSearchConfig(language: string): string {
  const configs: Record<string, string> = {
    ar: 'arabic',
    da: 'danish',
    de: 'german',
    el: 'greek',
    en: 'english',
    es: 'spanish',
    fi: 'finnish',
    fr: 'french',
    hu: 'hungarian',
    id: 'indonesian',
    it: 'italian',
    nl: 'dutch',
    no: 'norwegian',
    pt: 'portuguese',
    ro: 'romanian',
    ru: 'russian',
    sv: 'swedish',
    tr: 'turkish',
  };
  return configs[language] ?? 'simple';
}
