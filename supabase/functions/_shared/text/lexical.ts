/**
 * Lexical features: word tokens, stop words, and feature-hashed embeddings.
 *
 * The hashed embedding is what the offline provider stores instead of a model embedding, and what
 * the fake OpenAI server returns: texts that share words and character trigrams get a high cosine
 * similarity, so vector retrieval stays meaningful without a model.
 */

/** Lower-case, accents removed: "Réservé" and "reserve" match. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export function wordTokens(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

// Function words of the languages a business chat meets most (en, fr, es, de, it, pt), folded.
const STOP_WORDS = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those ' +
    'i you he she we they me my your our their do does did have has had can could would should will shall may might ' +
    'what which who whom whose when where why how there here not no yes so than then too very just about into over us any some ' +
    'le la les un une des du de d l et ou mais si a au aux en dans sur par pour avec sans est sont etait etre ete ' +
    'ce cet cette ces il elle on nous vous ils elles je j tu me te se mon ma mes ton ta tes son sa ses notre votre nos vos leur leurs ' +
    'que qui quoi quel quelle quels quelles quand ou comment pourquoi combien ne pas plus y qu s c n m t est-ce ' +
    'el los las una unos unas del al y o pero es son por para con sin que como cuando donde su sus ' +
    'der die das ein eine und oder aber ist sind von zu mit fur auf im am wie wann wo was ' +
    'il lo gli uno e di da per con che come quando dove ' +
    'o os as um uma e de do da dos das para com que como quando onde'
  ).split(' '),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word) || word.length < 2;
}

/** Content words of a text (folded, stop words removed). */
export function contentWords(text: string): string[] {
  return wordTokens(text).filter((word) => !isStopWord(word));
}

/**
 * Light stemming so "appointments"/"appointment" and "horaires"/"horaire" meet. Deliberately
 * crude: only used for overlap scoring, never shown.
 */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  return word.replace(/(?:ements|ement|ations|ation|ings|ing|ies|es|s|x)$/u, '') || word;
}

/** FNV-1a 32-bit: tiny, fast, good spread for feature hashing. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Feature-hashed embedding: each word unigram (weight 1) and each character trigram of each
 * padded word (weight 0.5) adds ±weight at hash % dimensions; the vector is L2-normalised.
 * Empty or symbol-only text gives a fixed unit vector rather than NaNs.
 */
export function hashedEmbedding(text: string, dimensions = 1536): number[] {
  const vector = new Float64Array(dimensions);
  const add = (feature: string, weight: number) => {
    const hash = fnv1a32(feature);
    vector[hash % dimensions]! += hash >>> 31 ? -weight : weight;
  };
  for (const word of wordTokens(text)) {
    add(`w:${word}`, 1);
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.5);
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) {
    const unit = new Array<number>(dimensions).fill(0);
    unit[0] = 1;
    return unit;
  }
  const scale = 1 / Math.sqrt(norm);
  return Array.from(vector, (value) => value * scale);
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
