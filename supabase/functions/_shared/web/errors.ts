/**
 * Moved to `../platform/errors.ts` (the function platform layer); this re-export keeps the engine
 * and voice-session compiling until they move onto the layer. New code imports the platform.
 */
export { HttpError, errorResponse, httpErrorResponse } from '../platform/errors.ts';
export type { ServerErrorBody as ErrorBody } from '../contracts/errors.ts';
