/** The knowledge tab's failures, each with its message key in the `knowledge` namespace. */
export type KnowledgeErrorCode =
  | 'unsupportedType'
  | 'tooLarge'
  | 'empty'
  | 'missingAgent'
  | 'noUploadUrl'
  | 'uploadFailed'
  | 'network'
  | 'uploadInterrupted'
  | 'processingFailed'
  | 'deleteMissing'
  | 'deleteFailed'
  | 'reingestFailed';

export class KnowledgeError extends Error {
  override readonly name = 'KnowledgeError';
  constructor(
    readonly code: KnowledgeErrorCode,
    readonly params: Record<string, string> = {},
    /** The server's own explanation, when it gave one (shown under the console's own message). */
    readonly reason?: string,
    /** The server's error code: its `knowledge:serverErrors` wording wins over `reason` (English). */
    readonly reasonCode?: string,
  ) {
    super(code);
  }

  get messageKey(): string {
    return `knowledge:errors.${this.code}`;
  }

  /** The console's wording of the server's code, when it has one. */
  get reasonKey(): string | undefined {
    return this.reasonCode ? `knowledge:serverErrors.${this.reasonCode}` : undefined;
  }
}
