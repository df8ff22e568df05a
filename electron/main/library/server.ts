import { createClient, FunctionsFetchError, FunctionsHttpError } from '@supabase/supabase-js';
import type { Database } from '../../../supabase/types/database.ts';
import {
  libraryManifestSchema,
  serverAnnotationSchema,
  type ServerAnnotation,
} from '../../../supabase/functions/_shared/contracts/recording-library.ts';
import { LibraryOfflineError, type LibraryServer } from './library.ts';

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
        if (error instanceof FunctionsFetchError) throw new LibraryOfflineError(String(error.context ?? error.message));
        if (error instanceof FunctionsHttpError) {
          const status = (error.context as Response).status;
          if (status >= 500 || status === 0) throw new LibraryOfflineError(`recording-library answered ${status}`);
          throw new Error(`recording-library answered ${status}`);
        }
        throw new LibraryOfflineError(error.message);
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
