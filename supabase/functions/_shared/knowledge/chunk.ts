/**
 * Splits extracted text into overlapping chunks at sentence boundaries. Sizes are in characters
 * (≈ 4 per token): 1,200 characters ≈ 300 tokens keeps four retrieved passages well inside any
 * model's context, and the 200-character overlap keeps a fact that straddles a boundary whole in
 * at least one chunk.
 */
import { isRecordLine, splitSentenceSpans, type SentenceSpan } from '../text/sentences.ts';

export interface KnowledgeChunk {
  index: number;
  content: string;
  /** Offsets in the source text. */
  start: number;
  end: number;
  /** ≈ tokens (characters / 4), for budgeting. */
  tokenEstimate: number;
}

export interface ChunkOptions {
  maxChars?: number;
  overlapChars?: number;
  locale?: string;
}

/** Cuts a sentence longer than a chunk into word-aligned pieces. */
function splitLongSpan(span: SentenceSpan, maxChars: number): SentenceSpan[] {
  const pieces: SentenceSpan[] = [];
  let start = 0;
  const text = span.text;
  while (start < text.length) {
    let end = Math.min(text.length, start + maxChars);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + maxChars / 2) end = space;
    }
    const piece = text.slice(start, end).trim();
    if (piece) pieces.push({ text: piece, start: span.start + start, end: span.start + end });
    start = end;
  }
  return pieces;
}

/**
 * Whether the line break before `next` carries meaning and stays in the chunk: after a record (a
 * CSV row rendered "column: value; column: value") or a heading (a short line without final
 * punctuation, followed by a capitalised line). Other sentences are joined by a space, so lines a
 * PDF wrapped read as one sentence again.
 */
function endsLine(next: string, previous: string): boolean {
  if (isRecordLine(previous)) return true;
  return previous.length <= 60 && !/[.!?,;:…]$/u.test(previous) && /^\p{Lu}/u.test(next);
}

export function chunkText(text: string, options: ChunkOptions = {}): KnowledgeChunk[] {
  const maxChars = Math.max(100, options.maxChars ?? 1_200);
  const overlapChars = Math.min(Math.max(0, options.overlapChars ?? 200), Math.floor(maxChars / 2));
  const spans = splitSentenceSpans(text, options.locale ?? 'en').flatMap((span) =>
    span.text.length > maxChars ? splitLongSpan(span, maxChars) : [span],
  );
  const chunks: KnowledgeChunk[] = [];
  let current: SentenceSpan[] = [];
  let currentLength = 0;
  const lengthWith = (span: SentenceSpan) => currentLength + (current.length > 0 ? 1 : 0) + span.text.length;
  const flush = () => {
    const content = current
      .map((span, index) => (index === 0 ? '' : endsLine(span.text, current[index - 1]!.text) ? '\n' : ' ') + span.text)
      .join('');
    chunks.push({
      index: chunks.length,
      content,
      start: current[0]!.start,
      end: current[current.length - 1]!.end,
      tokenEstimate: Math.ceil(content.length / 4),
    });
  };
  for (const span of spans) {
    if (current.length > 0 && lengthWith(span) > maxChars) {
      flush();
      // Carry the last sentences (up to overlapChars) into the next chunk.
      const carried: SentenceSpan[] = [];
      let carriedLength = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const candidate = current[i]!;
        if (carriedLength + candidate.text.length + 1 > overlapChars) break;
        carried.unshift(candidate);
        carriedLength += candidate.text.length + 1;
      }
      // Never let the overlap alone fill the next chunk (that would loop on long sentences).
      current = carriedLength + span.text.length + 1 <= maxChars ? carried : [];
      currentLength = current.reduce((sum, item, index) => sum + item.text.length + (index > 0 ? 1 : 0), 0);
    }
    currentLength = lengthWith(span);
    current.push(span);
  }
  if (current.length > 0) flush();
  return chunks;
}
