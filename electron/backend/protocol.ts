import { z } from 'zod';

/**
 * Messages between the main process (electron/main/backend/backendHost.ts) and the embedded
 * backend's utility process (./backendProcess.ts), over Electron's `parentPort`. Both sides parse
 * what they receive: a malformed message is logged and dropped, never acted on.
 */

/** main -> backend */
export const backendCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    /** Folder holding supabase/ (config.toml, migrations, seed.sql, local/bootstrap). */
    projectDir: z.string().min(1),
    /** PGlite data folder (in the user data folder). */
    dataDir: z.string().min(1),
    /** 0 = any free port; a restart asks for the previous one so the console's URL stays valid. */
    port: z.number().int().min(0).max(65_535),
    allowedOrigins: z.array(z.string()),
    schedule: z.boolean(),
  }),
  /** Close the HTTP server and PGlite (which flushes on close), then exit. */
  z.object({ type: z.literal('stop') }),
]);
export type BackendCommand = z.infer<typeof backendCommandSchema>;

/** backend -> main */
export const backendEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), url: z.url({ protocol: /^http$/ }), anonKey: z.string().min(1) }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('log'), message: z.string() }),
  z.object({ type: z.literal('stopped') }),
]);
export type BackendEvent = z.infer<typeof backendEventSchema>;
