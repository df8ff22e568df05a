/**
 * The stereo recording a browser call may upload: where it goes in the `recordings` bucket. The
 * realtime session itself is the conversation core's (_shared/conversation/channels/browser-voice.ts);
 * billing (1 credit = 1 started minute, reserved in blocks, at most 4 h) is SQL: `voice_open_call`
 * and `voice_end_call` (migrations 20261124100000, 20261124160000, 20261124190000).
 */
import { RECORDING_TYPES } from '../_shared/contracts/voice-session.ts';

export { RECORDING_TYPES };

/** Object name in the `recordings` bucket: the owner's folder, then the agent (storage policies). */
export function recordingPath(ownerId: string, agentId: string, startedAt: Date, mimeType: string): string {
  const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
  const extension = (RECORDING_TYPES as Record<string, string>)[mimeType] ?? 'bin';
  return `${ownerId}/${agentId}/${stamp}-call.${extension}`;
}
