/** The function platform layer (see README.md): one import for a function's wiring. */
export { createFunctionApp, type FunctionApp, type FunctionAppOptions, type RouteHandler } from './app.ts';
export { bearerOf, createCallerAuth, type Caller, type CallerAuth } from './caller.ts';
export { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, corsMiddleware, originPolicy, originPolicyFromEnv } from './cors.ts';
export {
  anonymousKeys,
  createServiceClient,
  createUserClient,
  envRecord,
  requireEnv,
  serviceRoleKeys,
  type DbClient,
  type FunctionEnv,
} from './env.ts';
export { requireOwnAgent } from './owned.ts';
export { HttpError, errorResponse, httpErrorResponse, jsonResponse, type ErrorCode } from './errors.ts';
export {
  invalidRequest,
  parseJsonBody,
  parseOptionalJsonBody,
  parseQuery,
  readJsonBody,
  readTextBody,
  unionSummary,
  validate,
  type Summary,
} from './validate.ts';
