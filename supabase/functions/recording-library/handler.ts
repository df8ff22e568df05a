/**
 * `POST /functions/v1/recording-library` (signed-in owners; issue 20 §1): the manifest the desktop
 * app downloads its offline recordings library from. Body: `{selection, exclude?}`
 * (contracts/recording-library.ts). Answers, per recorded call of the caller: size and SHA-256 of
 * the stored recording, a short-lived signed URL (Range-capable), the transcript and the current
 * annotation.
 *
 * Everything is read AS the caller (RLS, and `user_id` = the caller), including the recording
 * bytes hashed the first time a recording is asked for; only the checksum cache is written with the
 * service role, which alone may touch it, for a path just read as the caller. Recordings are
 * written once by the call functions and never replaced, so a cached checksum stays true.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { recordingExtension } from '../_shared/contracts/history.ts';
import {
  LIBRARY_URL_SECONDS,
  libraryManifestRequestSchema,
  type LibraryManifest,
  type ManifestItem,
  type ServerAnnotation,
  type TranscriptLine,
} from '../_shared/contracts/recording-library.ts';
import { createFunctionApp, jsonResponse, parseJsonBody, type FunctionEnv } from '../_shared/platform/index.ts';
import { resolveSelection, type RecordedCall } from './selection.ts';

export type { FunctionEnv };

const BUCKET = 'recordings';
/** `exclude` may list a few thousand ids. */
const MAX_BODY_BYTES = 256 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface Checksum {
  size: number;
  sha256: string;
}

async function checksums(
  asCaller: SupabaseClient,
  service: SupabaseClient,
  userId: string,
  paths: string[],
): Promise<Map<string, Checksum>> {
  const known = new Map<string, Checksum>();
  if (!paths.length) return known;
  const cached = await service.from('recording_checksums').select('path, size, sha256').in('path', paths);
  if (cached.error) throw new Error(`reading checksums failed: ${cached.error.message}`);
  for (const row of cached.data ?? []) known.set(row.path, { size: Number(row.size), sha256: row.sha256 });
  for (const path of paths) {
    if (known.has(path)) continue;
    const file = await asCaller.storage.from(BUCKET).download(path);
    // Missing object (or not readable by the caller): that call is skipped.
    if (file.error) continue;
    const bytes = await file.data.arrayBuffer();
    const sum = { size: bytes.byteLength, sha256: hex(await crypto.subtle.digest('SHA-256', bytes)) };
    const saved = await service
      .from('recording_checksums')
      .upsert({ path, user_id: userId, size: sum.size, sha256: sum.sha256 }, { onConflict: 'path' });
    if (saved.error) throw new Error(`caching a checksum failed: ${saved.error.message}`);
    known.set(path, sum);
  }
  return known;
}

async function transcripts(asCaller: SupabaseClient, conversationIds: string[]) {
  const byConversation = new Map<string, TranscriptLine[]>();
  if (!conversationIds.length) return byConversation;
  const { data, error } = await asCaller
    .from('messages')
    .select('conversation_id, role, content, timestamp')
    .in('conversation_id', conversationIds)
    .in('role', ['user', 'assistant'])
    .order('timestamp', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw new Error(`reading transcripts failed: ${error.message}`);
  for (const m of data ?? []) {
    const lines = byConversation.get(m.conversation_id) ?? [];
    lines.push({ role: m.role, content: m.content, timestamp: m.timestamp });
    byConversation.set(m.conversation_id, lines);
  }
  return byConversation;
}

async function annotations(asCaller: SupabaseClient, userId: string, ids: string[]) {
  const byCall = new Map<string, ServerAnnotation>();
  if (!ids.length) return byCall;
  const { data, error } = await asCaller
    .from('recording_annotations')
    .select('call_kind, call_id, notes, tags, rubric, edited_at, updated_at')
    .eq('user_id', userId)
    .in('call_id', ids);
  if (error) throw new Error(`reading annotations failed: ${error.message}`);
  for (const a of data ?? []) {
    byCall.set(`${a.call_kind}:${a.call_id}`, {
      notes: a.notes,
      tags: a.tags,
      rubric: a.rubric as ServerAnnotation['rubric'],
      editedAt: new Date(a.edited_at).toISOString(),
      updatedAt: new Date(a.updated_at).toISOString(),
    });
  }
  return byCall;
}

export function makeHandler(env: FunctionEnv) {
  const fn = createFunctionApp('recording-library', env, { browser: true });

  fn.post('/', async (c) => {
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, libraryManifestRequestSchema, { maxBytes: MAX_BODY_BYTES });
    const asCaller = fn.asCaller(caller);
    const picked = await resolveSelection(asCaller, caller.userId, input.selection, new Set(input.exclude));

    // Recordings live under the owner's folder; a row pointing elsewhere is not served.
    const own = (call: RecordedCall) => call.path.startsWith(`${caller.userId}/`);
    const candidates = picked.calls.filter(own);
    const skipped = [...picked.skipped, ...picked.calls.filter((call) => !own(call)).map((call) => call.id)];

    const sums = await checksums(asCaller, fn.service(), caller.userId, [...new Set(candidates.map((x) => x.path))]);
    const ready = candidates.filter((call) => {
      if (sums.has(call.path)) return true;
      skipped.push(call.id);
      return false;
    });
    const signed = ready.length
      ? await asCaller.storage.from(BUCKET).createSignedUrls(
          ready.map((call) => call.path),
          LIBRARY_URL_SECONDS,
        )
      : { data: [], error: null };
    if (signed.error) throw new Error(`signing recordings failed: ${signed.error.message}`);
    const urls = new Map((signed.data ?? []).map((s) => [s.path, s.signedUrl]));

    const lines = await transcripts(asCaller, [
      ...new Set(ready.map((call) => call.conversationId).filter((id): id is string => id !== null)),
    ]);
    const notes = await annotations(
      asCaller,
      caller.userId,
      ready.map((call) => call.id),
    );

    const items: ManifestItem[] = [];
    for (const call of ready) {
      const sum = sums.get(call.path);
      const url = urls.get(call.path);
      if (!sum || !url) {
        skipped.push(call.id);
        continue;
      }
      const fileExtension = recordingExtension(call.kind, call.path, call.mime);
      items.push({
        kind: call.kind,
        id: call.id,
        agentId: call.agentId,
        agentName: call.agentName,
        callerNumber: call.callerNumber,
        startedAt: new Date(call.startedAt).toISOString(),
        duration: call.duration,
        mimeType: call.mime ?? MIME_BY_EXTENSION[fileExtension] ?? 'application/octet-stream',
        fileExtension,
        size: sum.size,
        sha256: sum.sha256,
        url,
        transcript: call.conversationId ? (lines.get(call.conversationId) ?? []) : [],
        annotation: notes.get(`${call.kind}:${call.id}`) ?? null,
      });
    }
    const body: LibraryManifest = { items, skipped, truncated: picked.truncated };
    return jsonResponse(body);
  });

  return fn.handler();
}
