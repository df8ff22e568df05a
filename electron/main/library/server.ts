import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { errorBodySchema } from '../../../supabase/functions/_shared/contracts/errors.ts';
import type { Database } from '../../../supabase/types/database.ts';
import {
  libraryManifestSchema,
  serverAnnotationSchema,
  type ServerAnnotation,
} from '../../../supabase/functions/_shared/contracts/recording-library.ts';
import { LibraryOfflineError, LibraryRequestError, type LibraryServer } from './library.ts';

/** The function's `{ error: { code, message } }`, or the status when the body is something else. */
async function refusalMessage(answer: Response): Promise<string> {
  const body: unknown = await answer.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error.message : `recording-library answered ${answer.status}`;
}

/**
 * The library's server calls through the one data path, supabase-js, acting as the signed-in user
 * (the console hands main its access token; RLS and the function decide what it may get). A
 * transport failure is `LibraryOfflineError`; answers are parsed with the shared contract.
 */
export interface LibraryServerConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  accessToken: () => string | null;
  fetch?: typeof fetch;
  /** Only where the runtime has no global WebSocket (Node 20 in tests; Electron's Node has one). */
  webSocket?: unknown;
}

export function createLibraryServer(config: LibraryServerConfig): LibraryServer {
  const client = createClient<Database>(config.supabaseUrl, config.supabaseAnonKey, {
    accessToken: async () => config.accessToken(),
    ...(config.fetch ? { global: { fetch: config.fetch } } : {}),
    // supabase-js builds a realtime client even when unused; it needs a WebSocket class.
    ...(config.webSocket ? { realtime: { transport: config.webSocket as typeof WebSocket } } : {}),
    auth: { persistSession: false, autoRefreshToken: false },
  });
  return {
    async annotations(ids) {
      const byId = new Map<string, ServerAnnotation>();
      if (!ids.length) return byId;
      const { data, error, status } = await client
        .from('recording_annotations')
        .select('call_id, notes, tags, rubric, edited_at, updated_at')
        .in('call_id', ids);
      if (error) {
        if (status === 0 || status >= 500) throw new LibraryOfflineError(error.message);
        throw new Error(`reading annotations: ${error.message}`);
      }
      for (const row of data) {
        byId.set(
          row.call_id,
          serverAnnotationSchema.parse({
            notes: row.notes,
            tags: row.tags,
            rubric: row.rubric,
            editedAt: new Date(row.edited_at).toISOString(),
            updatedAt: new Date(row.updated_at).toISOString(),
          }),
        );
      }
      return byId;
    },
    async manifest(request) {
      const { data, error } = await client.functions.invoke('recording-library', { body: request });
      if (error) {
        if (error instanceof FunctionsHttpError) {
          const answer = error.context as Response;
          // Only a failing server is "offline" (retry later); a refusal says why (bad request, signed out).
          if (answer.status >= 500) throw new LibraryOfflineError(`recording-library answered ${answer.status}`);
          throw new LibraryRequestError(answer.status, await refusalMessage(answer));
        }
        // FunctionsFetchError / FunctionsRelayError: no answer from the function itself.
        throw new LibraryOfflineError(String((error as { context?: unknown }).context ?? error.message));
      }
      return libraryManifestSchema.parse(data);
    },
    async syncAnnotation({ kind, id, annotation, editedAt }) {
      const { data, error, status } = await client.rpc('sync_recording_annotation', {
        call_kind: kind,
        call_id: id,
        notes: annotation.notes,
        tags: annotation.tags,
        rubric: annotation.rubric,
        edited_at: editedAt,
      });
      if (error) {
        // postgrest-js reports a failed fetch as status 0 (no HTTP answer at all).
        if (status === 0 || status >= 500) throw new LibraryOfflineError(error.message);
        throw new Error(`sync_recording_annotation: ${error.message}`);
      }
      const row = data[0];
      if (!row) throw new Error('sync_recording_annotation returned nothing');
      return {
        annotation: serverAnnotationSchema.parse({
          notes: row.notes,
          tags: row.tags,
          rubric: row.rubric,
          editedAt: new Date(row.edited_at).toISOString(),
          updatedAt: new Date(row.updated_at).toISOString(),
        }),
        lost: row.lost,
      };
    },
  };
}
