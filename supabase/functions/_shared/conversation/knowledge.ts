/**
 * The engine's `retrieve` on the `match_knowledge_chunks` RPC: one embedding call, then pgvector
 * cosine + full-text search fused by RRF inside Postgres (one round trip), top 4 with citations.
 */
import type { DbClient } from '../platform/env.ts';
import type { AiProvider } from '../ai/types.ts';
import {
  citationsFor,
  DEFAULT_PASSAGE_LIMIT,
  textSearchTerms,
  toOrTsQuery,
  type FusedPassage,
  type RetrievalRequest,
  type RetrievalResult,
} from './retrieval.ts';

interface MatchRow {
  chunk_id: number;
  document_id: string;
  document_name: string;
  content: string;
  similarity: number | null;
  vector_rank: number | null;
  text_rank: number | null;
  score: number;
}

/** pgvector's text form; PostgREST passes RPC arguments as JSON, cast by the parameter type. */
export function vectorLiteral(vector: number[]): string {
  return `[${vector.join(',')}]`;
}

export interface RpcRetrieverOptions {
  service: DbClient;
  provider: AiProvider;
  embeddingModel: string;
  limit?: number;
  candidates?: number;
  minSimilarity?: number;
}

export async function matchKnowledgeChunks(
  service: DbClient,
  args: {
    agentId: string;
    embedding: number[];
    query: string;
    limit: number;
    candidates: number;
    minSimilarity: number;
  },
  signal?: AbortSignal,
): Promise<FusedPassage[]> {
  let call = service.rpc('match_knowledge_chunks', {
    agent_id: args.agentId,
    query_embedding: vectorLiteral(args.embedding),
    query_text: toOrTsQuery(textSearchTerms(args.query)) ?? undefined,
    match_count: args.limit,
    candidates: args.candidates,
    min_similarity: args.minSimilarity,
  });
  if (signal) call = call.abortSignal(signal);
  const { data, error } = await call;
  if (error) throw new Error(`match_knowledge_chunks failed: ${error.message}`);
  return ((data ?? []) as MatchRow[]).map((row) => ({
    chunkId: String(row.chunk_id),
    documentId: row.document_id,
    documentName: row.document_name,
    content: row.content,
    score: row.score,
    vectorRank: row.vector_rank,
    textRank: row.text_rank,
  }));
}

export function createRpcRetriever(
  options: RpcRetrieverOptions,
): (request: RetrievalRequest) => Promise<RetrievalResult> {
  return async ({ agentId, query, signal }) => {
    const { vectors } = await options.provider.embed({ model: options.embeddingModel, inputs: [query], signal });
    const embedding = vectors[0];
    if (!embedding) throw new Error('the embedding provider returned no vector');
    const passages = await matchKnowledgeChunks(
      options.service,
      {
        agentId,
        embedding,
        query,
        limit: options.limit ?? DEFAULT_PASSAGE_LIMIT,
        candidates: options.candidates ?? 20,
        minSimilarity: options.minSimilarity ?? 0.2,
      },
      signal,
    );
    return { passages, citations: citationsFor(passages, query) };
  };
}
