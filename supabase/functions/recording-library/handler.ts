/**
 * `POST /functions/v1/recording-library` (signed-in owners): the manifest the desktop
 * app downloads its offline recordings library from. Body: `{selection, cursor?, exclude?}`
 * (contracts/recording-library.ts). Answers, per recorded call of the caller: size and SHA-256 of
 * the stored recording, a short-lived signed URL (Range-capable), the transcript and the current
 * annotation.
 *
 * Everything is read AS the caller (RLS, and `user_id` = the caller), including the recording
 * bytes hashed (as a stream, a bounded number per request) the first time a recording is asked
 * for; only the checksum cache is written with the service role, which alone may touch it, for a
 * path just read as the caller. Recordings are written once by the call functions and never
 * replaced, so a cached checksum stays true. 'filter' and 'agents' answers carry a keyset cursor
 * (`next`) the app sends back to continue.
 */
import type { DbClient } from '../_shared/platform/env.ts';
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
import { BUCKET, cachedChecksums, computeChecksum } from './checksums.ts';
import { resolveSelection, type RecordedCall } from './selection.ts';

export type { FunctionEnv };

/** `exclude` may list a few thousand ids (older apps). */
const MAX_BODY_BYTES = 256 * 1024;
/**
 * Recordings hashed for the first time per request at most (count and bytes): the rest are
 * answered on the next request (`truncated`), so one request stays within the function's time.
 */
export const MAX_NEW_CHECKSUMS = 10;
export const MAX_NEW_CHECKSUM_BYTES = 400 * 1024 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  mp4: 'audio/mp4',
  m4a: 'audio/mp4',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
};

async function transcripts(asCaller: DbClient, conversationIds: string[]) {
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

async function annotations(asCaller: DbClient, userId: string, ids: string[]) {
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
    const picked = await resolveSelection(
      asCaller,
      caller.userId,
      input.selection,
      input.cursor,
      new Set(input.exclude),
    );
    const service = fn.service();

    // Recordings live under the owner's folder; a row pointing elsewhere is not served.
    const own = (call: RecordedCall) => call.path.startsWith(`${caller.userId}/`);
    const sums = await cachedChecksums(
      service,
      picked.calls.filter(own).map((call) => call.path),
    );
    const skipped = [...picked.skipped];
    const ready: RecordedCall[] = [];
    let hashed = 0;
    let hashedBytes = 0;
    // Index of the first call left for the next request (hashing budget spent), or -1.
    let cut = -1;
    for (const [i, call] of picked.calls.entries()) {
      if (!own(call)) {
        skipped.push(call.id);
        continue;
      }
      if (!sums.has(call.path)) {
        if (hashed >= MAX_NEW_CHECKSUMS || hashedBytes >= MAX_NEW_CHECKSUM_BYTES) {
          cut = i;
          break;
        }
        hashed += 1;
        const sum = await computeChecksum(asCaller, service, caller.userId, call.path);
        // Missing object (or not readable by the caller): that call is skipped.
        if (!sum) {
          skipped.push(call.id);
          continue;
        }
        hashedBytes += sum.size;
        sums.set(call.path, sum);
      }
      ready.push(call);
    }
    const truncated = cut >= 0 || picked.truncated;
    // A walk resumes after the last call this answer covered; picked calls are simply asked again.
    const next = cut >= 0 ? (cut > 0 ? picked.calls[cut - 1]!.position : input.cursor) : picked.next;

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
    const body: LibraryManifest = { items, skipped, truncated, next };
    return jsonResponse(body);
  });

  return fn.handler();
}
