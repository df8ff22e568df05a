/** The knowledge tab's failures (spec 001 §8), each with its message key in the `knowledge` namespace. */
export type KnowledgeErrorCode =
  | 'unsupportedType'
  | 'tooLarge'
  | 'empty'
  | 'missingAgent'
  | 'noUploadUrl'
  | 'uploadFailed'
  | 'network'
  | 'processingFailed'
  | 'deleteMissing'
  | 'deleteFailed'
  | 'reingestFailed';

export class KnowledgeError extends Error {
  override readonly name = 'KnowledgeError';
  constructor(
    readonly code: KnowledgeErrorCode,
    readonly params: Record<string, string> = {},
    /** The server's own explanation, when it gave one (shown under the spec's message). */
    readonly reason?: string,
  ) {
    super(code);
  }

  get messageKey(): string {
    return `knowledge:errors.${this.code}`;
  }
}
