/**
 * The knowledge pipeline without storage or database: validate → extract → chunk → embed in
 * batches, reporting progress. The ingestion function downloads the file, calls this, and writes
 * the chunks (content, embedding, tsvector) and the document status.
 */
import type { AiProvider, TokenUsage } from '../ai/types.ts';
import { chunkText, type ChunkOptions, type KnowledgeChunk } from './chunk.ts';
import { extractKnowledgeText } from './extract.ts';
import { validateKnowledgeFile, type KnowledgeFormat } from './formats.ts';

export interface EmbedBatchesOptions {
  provider: AiProvider;
  model: string;
  /** Texts per request (OpenAI allows 2,048; smaller batches give finer progress). */
  batchSize?: number;
  /** Characters per request, to stay far below the 300k-token request cap. */
  maxBatchChars?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface EmbeddedBatches {
  vectors: number[][];
  usage: Pick<TokenUsage, 'promptTokens' | 'totalTokens'>;
  /** The model that actually embedded (offline: the hashed scheme); store it with the chunks. */
  model: string;
  offline: boolean;
  requests: number;
}

/** Embeds texts in order, in batches bounded by count and by size, one request at a time. */
export async function embedInBatches(texts: string[], options: EmbedBatchesOptions): Promise<EmbeddedBatches> {
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 64, options.provider.capabilities.maxEmbeddingBatch));
  const maxBatchChars = options.maxBatchChars ?? 200_000;
  const vectors: number[][] = [];
  const usage = { promptTokens: 0, totalTokens: 0 };
  let model = options.model;
  let offline = options.provider.capabilities.offline;
  let requests = 0;
  options.onProgress?.(0, texts.length);
  let start = 0;
  while (start < texts.length) {
    let end = start;
    let chars = 0;
    while (
      end < texts.length &&
      end - start < batchSize &&
      (end === start || chars + texts[end]!.length <= maxBatchChars)
    ) {
      chars += texts[end]!.length;
      end++;
    }
    const result = await options.provider.embed({
      model: options.model,
      inputs: texts.slice(start, end),
      signal: options.signal,
    });
    requests++;
    vectors.push(...result.vectors);
    usage.promptTokens += result.usage?.promptTokens ?? 0;
    usage.totalTokens += result.usage?.totalTokens ?? 0;
    model = result.metadata.model;
    offline = result.metadata.offline;
    start = end;
    options.onProgress?.(start, texts.length);
  }
  return { vectors, usage, model, offline, requests };
}

export type IngestStage = 'extracting' | 'chunking' | 'embedding' | 'done';

export interface IngestOptions {
  provider: AiProvider;
  embeddingModel: string;
  chunking?: ChunkOptions;
  batchSize?: number;
  /** `fraction` in 0..1 over the whole pipeline; embedding is most of the time. */
  onProgress?: (progress: { stage: IngestStage; fraction: number }) => void;
  signal?: AbortSignal;
}

export interface IngestedDocument {
  format: KnowledgeFormat;
  pageCount: number | null;
  characterCount: number;
  chunks: (KnowledgeChunk & { embedding: number[] })[];
  embeddingModel: string;
  offline: boolean;
  usage: Pick<TokenUsage, 'promptTokens' | 'totalTokens'>;
}

/** Throws HttpError (4xx: bad file, 422: unreadable) or ProviderError (embedding failed). */
export async function ingestKnowledgeFile(
  file: { fileName: string; contentType?: string | null; bytes: Uint8Array },
  options: IngestOptions,
): Promise<IngestedDocument> {
  const report = options.onProgress ?? (() => {});
  const format = validateKnowledgeFile({ fileName: file.fileName, contentType: file.contentType }, file.bytes);
  report({ stage: 'extracting', fraction: 0 });
  const { text, pageCount } = await extractKnowledgeText(format, file.bytes);
  report({ stage: 'chunking', fraction: 0.1 });
  const chunks = chunkText(text, options.chunking);
  const embedded = await embedInBatches(
    chunks.map((chunk) => chunk.content),
    {
      provider: options.provider,
      model: options.embeddingModel,
      batchSize: options.batchSize,
      signal: options.signal,
      onProgress: (done, total) =>
        report({ stage: 'embedding', fraction: 0.1 + 0.9 * (total === 0 ? 1 : done / total) }),
    },
  );
  report({ stage: 'done', fraction: 1 });
  return {
    format,
    pageCount,
    characterCount: text.length,
    chunks: chunks.map((chunk, index) => ({ ...chunk, embedding: embedded.vectors[index]! })),
    embeddingModel: embedded.model,
    offline: embedded.offline,
    usage: embedded.usage,
  };
}
