/**
 * Retrieval's TypeScript side: the passage and citation shapes, snippets, and the full-text query
 * built from a question. The hybrid search itself (pgvector + full text fused by reciprocal rank
 * fusion) runs in Postgres: the `match_knowledge_chunks` RPC, called by conversation/knowledge.ts.
 */
import type { Citation } from '../contracts/conversation-events.ts';
import { contentWords, stem } from '../text/lexical.ts';
import { isPlainStopWord, searchVariants } from '../text/stemming.ts';
import { splitSentences } from '../text/sentences.ts';

export interface FusedPassage {
  chunkId: string;
  documentId: string;
  documentName: string;
  content: string;
  score: number;
  vectorRank: number | null;
  textRank: number | null;
}

export const DEFAULT_PASSAGE_LIMIT = 4;

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
 * The words of a question worth searching for: lower-cased, accents kept (the stored tsvector
 * keeps them), function words of the common languages dropped, at most `max` distinct words; then
 * each word's variants (its stem as a prefix, its accent-free spelling, the words of its concept in
 * English and French, so "dimanche" also searches "sunday"), up to `maxWithVariants` in all.
 */
export function textSearchTerms(query: string, max = 12, maxWithVariants = 32): string[] {
  const words =
    query
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    if (isPlainStopWord(word) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === max) break;
  }
  const expanded = [...terms];
  for (const term of terms) {
    for (const variant of searchVariants(term)) {
      if (expanded.length >= maxWithVariants) return expanded;
      if (!expanded.includes(variant)) expanded.push(variant);
    }
  }
  return expanded;
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
