import { ProviderError } from './errors.ts';

/** Same rules as OpenAI's embeddings endpoint, checked before any network call. */
export function validateEmbeddingInputs(inputs: string[], maxBatch: number): void {
  if (inputs.length === 0) throw new ProviderError('bad_request', 'Nothing to embed.');
  if (inputs.length > maxBatch) {
    throw new ProviderError('bad_request', `At most ${maxBatch} texts can be embedded at once (got ${inputs.length}).`);
  }
  if (inputs.some((input) => input.trim() === '')) {
    throw new ProviderError('bad_request', 'Empty texts cannot be embedded.');
  }
}
