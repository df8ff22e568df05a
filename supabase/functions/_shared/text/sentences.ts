/**
 * Sentence splitting shared by knowledge chunking and offline extraction. Intl.Segmenter is in
 * every runtime we target (Deno, Node 20, browsers) and knows abbreviations better than a regex.
 */
const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    try {
      // Stored locales look like `fr_FR`; BCP 47 wants `fr-FR`.
      segmenter = new Intl.Segmenter(locale.replace(/_/g, '-'), { granularity: 'sentence' });
    } catch {
      segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
    }
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** A sentence with its offsets in the original text. */
export interface SentenceSpan {
  text: string;
  start: number;
  end: number;
}

/**
 * Splits on sentence boundaries and on blank lines (documents use line breaks as structure:
 * headings, list items, CSV rows). Returned texts are trimmed; empty ones are dropped.
 */
export function splitSentenceSpans(text: string, locale = 'en'): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const blockPattern = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g;
  for (const block of text.matchAll(blockPattern)) {
    const blockStart = block.index ?? 0;
    for (const segment of segmenterFor(locale).segment(block[0])) {
      // A single newline inside a block is a soft break unless the next line looks like a list item.
      const pieces = segment.segment.split(/\n(?=\s*(?:[-*•]|\d+[.)])\s)/);
      let offset = blockStart + segment.index;
      for (const piece of pieces) {
        const trimmed = piece.trim();
        if (trimmed !== '') {
          const start = offset + piece.indexOf(trimmed);
          spans.push({ text: trimmed.replace(/\s+/g, ' '), start, end: start + trimmed.length });
        }
        offset += piece.length + 1;
      }
    }
  }
  return spans;
}

export function splitSentences(text: string, locale = 'en'): string[] {
  return splitSentenceSpans(text, locale).map((span) => span.text);
}

/** A CSV row as knowledge extraction renders it: "column: value; column: value". */
export function isRecordLine(text: string): boolean {
  return /^[^:;\n]{1,60}: [^;\n]*(?:; [^:;\n]{1,60}: [^;\n]*)+$/u.test(text);
}
