/**
 * The `voice-session` bodies, one definition for the function and the page that calls it. The
 * page only carries audio: it starts the call (its SDP offer), renews nothing the bill depends on,
 * and may end it. Tools, transcripts and the end of the call are observed by the server on its
 * own control connection to the realtime call.
 *
 *   GET  ?subdomain=…|agentId=…                    → VoiceAvailability
 *   POST VoiceStartBody                             → VoiceStartAnswer
 *   POST {action:'heartbeat', callId, callToken}    → VoiceHeartbeatAnswer
 *   POST {action:'end', callId, callToken}          → VoiceEndAnswer
 */
import { z } from 'zod';
import { subdomainSchema } from './subdomain.ts';

export const MAX_SDP_CHARS = 20_000;

/** Recording formats the page may produce and their file extensions. */
export const RECORDING_TYPES = {
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
} as const;
export type RecordingMimeType = keyof typeof RECORDING_TYPES;

export const voiceAgentRefSchema = z.union(
  [z.object({ agentId: z.guid({ error: 'agentId must be a UUID.' }) }), z.object({ subdomain: subdomainSchema })],
  { error: 'Give exactly one of agentId or subdomain.' },
);

export const voiceStartBodySchema = z
  .object({
    action: z.literal('start').optional(),
    agentId: z.string().optional(),
    subdomain: z.string().optional(),
    sdp: z
      .string({ error: 'sdp must be the SDP offer text (starting with v=0).' })
      .max(MAX_SDP_CHARS, { error: 'sdp must be the SDP offer text (starting with v=0).' })
      .startsWith('v=0', { error: 'sdp must be the SDP offer text (starting with v=0).' }),
    recordingMimeType: z
      .enum(Object.keys(RECORDING_TYPES) as [RecordingMimeType, ...RecordingMimeType[]], {
        error: `recordingMimeType must be one of ${Object.keys(RECORDING_TYPES).join(', ')}.`,
      })
      .nullable()
      .optional(),
  })
  .strict();
export type VoiceStartBody = z.input<typeof voiceStartBodySchema>;

/** A held call: the token from the start answer proves the caller holds this call. */
export const voiceHeldCallSchema = z
  .object({
    action: z.enum(['heartbeat', 'end']),
    callId: z.guid({ error: 'callId must be a UUID.' }),
    callToken: z.string().max(200).optional(),
    /** Ignored: older pages sent their transcript; the server writes its own. */
    transcript: z.unknown().optional(),
  })
  .strict();
export type VoiceHeldCallBody = z.input<typeof voiceHeldCallSchema>;

export const voiceAvailabilitySchema = z.object({
  available: z.boolean(),
  reason: z.enum(['no_provider', 'no_credits']).optional(),
});
export type VoiceAvailability = z.infer<typeof voiceAvailabilitySchema>;

export const voiceStartAnswerSchema = z.object({
  sdp: z.string(),
  callId: z.string(),
  callToken: z.string(),
  reservedSeconds: z.number(),
  final: z.boolean(),
  recordingUploadUrl: z.string().optional(),
});
export type VoiceStartAnswer = z.infer<typeof voiceStartAnswerSchema>;

export const voiceHeartbeatAnswerSchema = z.object({
  open: z.boolean(),
  secondsLeft: z.number(),
  final: z.boolean().optional(),
});
export type VoiceHeartbeatAnswer = z.infer<typeof voiceHeartbeatAnswerSchema>;

export const voiceEndAnswerSchema = z.object({ durationSeconds: z.number(), creditsCharged: z.number() });
export type VoiceEndAnswer = z.infer<typeof voiceEndAnswerSchema>;
