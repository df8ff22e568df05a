/**
 * Storage API errors as hosted Storage renders them: the body carries the "real"
 * status as a string `statusCode`, while the HTTP status is 400 for every error that is not a 500.
 * storage-js reads `code` (e.g. `exists()` looks for NoSuchKey), so codes must match upstream.
 */

export type StorageErrorCode =
  | 'NoSuchBucket'
  | 'NoSuchKey'
  | 'InvalidJWT'
  | 'InvalidRequest'
  | 'EntityTooLarge'
  | 'InternalError'
  | 'ResourceAlreadyExists'
  | 'ResourceNotEmpty'
  | 'InvalidBucketName'
  | 'InvalidKey'
  | 'InvalidRange'
  | 'InvalidMimeType'
  | 'BucketAlreadyExists'
  | 'KeyAlreadyExists'
  | 'InvalidSignature'
  | 'ExpiredToken'
  | 'AccessDenied'
  | 'MissingParameter'
  | 'InvalidParameter'
  | 'DatabaseSchemaMismatch'
  | 'NotSupported';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    /** The status upstream assigns; rendered as a string in the body. */
    readonly httpStatusCode: number,
    message: string,
    /** Upstream's backwards-compatible `error` field; defaults to the code. */
    readonly errorName?: string,
  ) {
    super(message);
  }

  /** Upstream answers 400 for anything but 500 (`userStatusCode`); a few routes keep the real one. */
  toResponse(keepStatus = false): Response {
    const status = this.httpStatusCode === 500 ? 500 : keepStatus ? this.httpStatusCode : 400;
    return Response.json(
      {
        statusCode: String(this.httpStatusCode),
        code: this.code,
        error: this.errorName ?? this.code,
        message: this.message,
      },
      { status },
    );
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  invalidJwt: (message: string) => new StorageError('InvalidJWT', 400, message),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError('AccessDenied', 403, message, 'Unauthorized'),
  resourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageError('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError('EntityTooLarge', 413, 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidBucketName: () => new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  invalidRange: () => new StorageError('InvalidRange', 400, 'invalid range provided', 'invalid_range'),
  invalidSignature: (message = 'Invalid signature') => new StorageError('InvalidSignature', 400, message),
  expiredToken: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  missingParameter: (name: string) => new StorageError('MissingParameter', 400, `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError('InvalidParameter', 400, message ?? `Invalid Parameter ${name}`),
  invalidRequest: (message: string, status = 400) => new StorageError('InvalidRequest', status, message),
  notFoundRoute: (method: string, path: string) =>
    new StorageError('InvalidRequest', 404, `Route ${method}:${path} not found`, 'Not Found'),
};

/** Postgres error as PGlite raises it (pg-protocol fields). */
interface PgError {
  code?: string;
  message: string;
  constraint?: string;
}

function isPgError(error: unknown): error is PgError {
  return error instanceof Error && typeof (error as PgError).code === 'string';
}

/**
 * Maps a database error to the Storage error upstream returns (`src/storage/database/errors.ts`):
 * RLS and privilege failures are AccessDenied, unique violations Duplicate, bad input 400.
 * Anything else stays a 500 so genuine bugs are not disguised as client errors.
 */
export function fromDatabaseError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (!isPgError(error)) {
    return new StorageError('InternalError', 500, 'Internal server error');
  }
  switch (error.code) {
    case '42501':
      return errors.accessDenied(error.message);
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return new StorageError('InvalidRequest', 404, 'The related resource does not exist');
    case '22P02':
    case '22023':
    case '22001':
    case '23502':
    case '23514':
    case '22003':
      return errors.invalidParameter('', error.message);
    case '42703':
    case '42P01':
      return new StorageError(
        'DatabaseSchemaMismatch',
        503,
        'The database schema is out of sync. Please run migrations or contact support.',
      );
    case '57014':
      return new StorageError('InvalidRequest', 544, 'The connection to the database timed out');
    default:
      return new StorageError('InternalError', 500, error.message);
  }
}
