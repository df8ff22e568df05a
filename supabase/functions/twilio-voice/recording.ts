/**
 * A completed call recording goes from Twilio to the private `recordings` bucket, under the
 * owner's folder (`{owner}/{agent}/calls/{call}.wav`, readable by that owner only: storage
 * policy on the first path segment), is linked to its call, and is then deleted at Twilio so the
 * platform keeps one copy, in the owner's storage.
 *
 * The media URL is built from our account SID and the RecordingSid (never the callback's
 * RecordingUrl as given, so a callback cannot make us fetch elsewhere), through
 * TWILIO_API_BASE_URL like every Twilio request, with the account's Basic auth.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { twilioApiUrl, type TwilioConfig } from '../_shared/twilio/config.ts';
import type { TwilioClient } from '../_shared/twilio/client.ts';

export interface RecordingCopy {
  callId: string;
  ownerId: string;
  agentId: string | null;
  recordingSid: string;
  channels: number;
  duration: number | null;
}

export interface RecordingDeps {
  service: DbClient;
  config: TwilioConfig & { accountSid: string; authToken: string };
  client: () => TwilioClient;
  fetch: typeof fetch;
  log: (event: string, details: Record<string, unknown>) => void;
}

export const recordingPath = (copy: Pick<RecordingCopy, 'ownerId' | 'agentId' | 'callId'>) =>
  `${copy.ownerId}/${copy.agentId ?? 'no-agent'}/calls/${copy.callId}.wav`;

/** The `recordings` bucket's size limit (bytes), as Storage enforces it; null = none. */
async function bucketLimit(service: DbClient): Promise<number | null> {
  const { data, error } = await service.storage.getBucket('recordings');
  if (error) throw new Error(`reading the recordings bucket failed: ${error.message}`);
  return typeof data.file_size_limit === 'number' ? data.file_size_limit : null;
}

/**
 * Copies, links and deletes at Twilio; throws when the copy or the link failed (Twilio keeps it).
 * The caller checked that the call has no recording linked yet (one recording per call). The file
 * is streamed from Twilio to Storage (a long call's WAV is never held in memory); one larger than
 * the bucket takes is refused up front and logged, not retried: null, and it stays at Twilio.
 */
export async function copyRecording(copy: RecordingCopy, deps: RecordingDeps): Promise<string | null> {
  const media = twilioApiUrl(
    `https://api.twilio.com/2010-04-01/Accounts/${deps.config.accountSid}/Recordings/${copy.recordingSid}.wav`,
    deps.config.apiBaseUrl,
  );
  const response = await deps.fetch(media, {
    headers: { authorization: `Basic ${btoa(`${deps.config.accountSid}:${deps.config.authToken}`)}` },
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok || !response.body) {
    throw new Error(`downloading recording ${copy.recordingSid} failed: HTTP ${response.status}`);
  }
  const size = Number(response.headers.get('content-length') ?? NaN);
  const limit = await bucketLimit(deps.service);
  if (limit !== null && Number.isFinite(size) && size > limit) {
    await response.body.cancel();
    deps.log('recording_too_large', { recordingSid: copy.recordingSid, callId: copy.callId, bytes: size, limit });
    return null;
  }
  const path = recordingPath(copy);
  // A stream (supabase-js sends it with duplex 'half'); Storage still enforces the limit itself.
  const uploaded = await deps.service.storage
    .from('recordings')
    .upload(path, response.body, { contentType: 'audio/wav', upsert: true, duplex: 'half' });
  if (uploaded.error) throw new Error(`storing recording ${copy.recordingSid} failed: ${uploaded.error.message}`);
  const linked = await deps.service.rpc('phone_link_recording', {
    call_id: copy.callId,
    recording_sid: copy.recordingSid,
    recording_path: path,
    channels: copy.channels,
    duration: copy.duration ?? undefined,
  });
  if (linked.error) throw new Error(`linking recording ${copy.recordingSid} failed: ${linked.error.message}`);
  if (linked.data !== true) throw new Error(`recording ${copy.recordingSid} could not be linked to its call`);
  try {
    await deps.client().recordings(copy.recordingSid).remove();
  } catch (error) {
    // Our copy is safe; a recording left at Twilio costs storage there, not correctness.
    deps.log('recording_delete_failed', { recordingSid: copy.recordingSid, error: String(error) });
  }
  return path;
}
