/**
 * `PhoneCallStore` on Postgres (migration 20261125120000): the relay attaches to the call row the
 * voice webhook (or the sandbox endpoint) opened, renews its lease while the socket lives and
 * records the server-timed end. All through service-role RPCs, so the relay holds no call state
 * of its own and any replica can serve any call.
 */
import type { DbClient } from '../platform/env.ts';
import { z } from 'zod';
import { VOICE_LEASE_SECONDS } from '../contracts/voice-lease.ts';
import { phoneVoiceModeSchema } from '../contracts/phone.ts';
import type { PhoneCallLease, PhoneCallSession, PhoneCallStore } from './call-store.ts';

/**
 * The relay's liveness lease: the browser voice lease (60 s), so a relay heartbeating every ~15 s
 * survives three lost heartbeats; a call whose lease expired is settled at its last heartbeat.
 */
export const PHONE_LEASE_SECONDS = VOICE_LEASE_SECONDS;

/** A phone_call_view row (phone_open_call, phone_attach_call). */
export const phoneCallRowSchema = z.object({
  call_id: z.string(),
  call_sid: z.string(),
  source: z.enum(['twilio', 'sandbox']),
  agent_id: z.string(),
  owner_id: z.string(),
  conversation_id: z.string(),
  voice_mode: phoneVoiceModeSchema,
  language: z.string(),
  voice: z.enum(['male', 'female']).catch('male'),
  from_number: z.string(),
  transfer_number: z.string().nullable(),
  seconds_left: z.number().int(),
});

export function toPhoneCallSession(row: z.infer<typeof phoneCallRowSchema>): PhoneCallSession {
  return {
    callId: row.call_id,
    callSid: row.call_sid,
    source: row.source,
    agentId: row.agent_id,
    ownerId: row.owner_id,
    conversationId: row.conversation_id,
    voiceMode: row.voice_mode,
    language: row.language,
    voice: row.voice,
    fromNumber: row.from_number,
    transferNumber: row.transfer_number,
    secondsLeft: row.seconds_left,
  };
}

const leaseRow = z.object({
  open: z.boolean(),
  final: z.boolean(),
  seconds_left: z.number().int(),
  idle_seconds: z.number().int(),
});

export function createPhoneCallStore(service: DbClient): PhoneCallStore {
  return {
    async attach(callId, callSid) {
      const { data, error } = await service.rpc('phone_attach_call', { call_id: callId, call_sid: callSid });
      if (error) throw new Error(`phone_attach_call failed: ${error.message}`);
      const row = data?.[0];
      if (!row) return null;
      // The RPC names two columns *_out (its parameters have their names).
      return toPhoneCallSession(
        phoneCallRowSchema.parse({ ...row, call_id: row.call_id_out, call_sid: row.call_sid_out }),
      );
    },
    async heartbeat(callId): Promise<PhoneCallLease> {
      const { data, error } = await service.rpc('phone_heartbeat', {
        call_id: callId,
        lease_seconds: PHONE_LEASE_SECONDS,
      });
      if (error) throw new Error(`phone_heartbeat failed: ${error.message}`);
      const row = (data as unknown[] | null)?.[0];
      if (!row) return { open: false, final: true, secondsLeft: 0 };
      const lease = leaseRow.parse(row);
      return {
        open: lease.open,
        final: lease.final,
        secondsLeft: Math.max(0, lease.seconds_left),
        idleSeconds: lease.idle_seconds,
      };
    },
    async markEnded(callId, reason) {
      const { error } = await service.rpc('phone_mark_ended', { call_id: callId, reason });
      if (error) throw new Error(`phone_mark_ended failed: ${error.message}`);
    },
    async rate(callId, rating) {
      const { error } = await service.rpc('rate_phone_call', { call_id: callId, rating });
      if (error) throw new Error(`rate_phone_call failed: ${error.message}`);
    },
  };
}
