/**
 * Moved to `../platform/env.ts` (the function platform layer); re-exported until agent-chat and
 * voice-session move onto it. New code imports the platform.
 */
export { anonymousKeys, createServiceClient, envRecord, requireEnv, type FunctionEnv } from '../platform/env.ts';
