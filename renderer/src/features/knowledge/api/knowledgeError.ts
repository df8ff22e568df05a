import { knowledgeEn } from '../locales/en.ts';

/** A failure code of the server that the console words itself (`knowledge:serverErrors`). */
export type KnownServerError = keyof typeof knowledgeEn.serverErrors;

/** The console's key for a server failure code, or null for a code it has no words for. */
export function serverErrorKey(code: string | null | undefined): `knowledge:serverErrors.${KnownServerError}` | null {
  return code && Object.hasOwn(knowledgeEn.serverErrors, code)
    ? `knowledge:serverErrors.${code as KnownServerError}`
    : null;
}

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

  get messageKey(): `knowledge:errors.${KnowledgeErrorCode}` {
    return `knowledge:errors.${this.code}`;
  }

  /** The console's wording of the server's code, when it has one. */
  get reasonKey(): `knowledge:serverErrors.${KnownServerError}` | undefined {
    return serverErrorKey(this.reasonCode) ?? undefined;
  }
}
