/**
 * Shared setup of the phone suites: an owner's agent with a number assigned to it, Twilio-like
 * SIDs, and helpers to age a call (the server times calls from the row, never from the caller).
 */
import { randomBytes } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { serviceInsert, type Actor } from '../security/support/actors.ts';

export const callSid = () => `CA${randomBytes(16).toString('hex')}`;
export const recordingSid = () => `RE${randomBytes(16).toString('hex')}`;

let numberSeq = 0;
/** A fresh E.164 number (unique per test file run). */
export function freshNumber(): string {
  numberSeq += 1;
  return `+1415${String(Date.now() % 1_000_000).padStart(6, '0')}${numberSeq}`.slice(0, 15);
}

export interface PhoneAgent {
  agentId: string;
  number: string;
  numberId: string;
}

/** An agent of `owner` answering a new number. */
export async function agentWithNumber(
  service: SupabaseClient,
  owner: Actor,
  agent: Record<string, unknown> = {},
): Promise<PhoneAgent> {
  const row = await serviceInsert<{ id: string }>(service, 'agents', {
    user_id: owner.id,
    name: 'Phone agent',
    ...agent,
  });
  const number = freshNumber();
  const numberRow = await serviceInsert<{ id: string }>(service, 'phone_numbers', {
    phone_number: number,
    user_id: owner.id,
    country_code: 'US',
  });
  await serviceInsert(service, 'phone_number_assignments', {
    phone_number_id: numberRow.id,
    agent_id: row.id,
    user_id: owner.id,
  });
  return { agentId: row.id, number, numberId: numberRow.id };
}

/** Moves a call's start `seconds` into the past. */
export async function ageCall(service: SupabaseClient, callId: string, seconds: number): Promise<void> {
  const { error } = await service
    .from('calls')
    .update({ timestamp: new Date(Date.now() - seconds * 1000).toISOString() })
    .eq('id', callId);
  if (error) throw new Error(error.message);
}

export async function credits(service: SupabaseClient, userId: string): Promise<number> {
  const { data } = await service.from('profiles').select('credits').eq('id', userId).single();
  return (data as { credits: number }).credits;
}

/** Usage ledger entries of one call. */
export async function ledgerOf(service: SupabaseClient, callId: string): Promise<{ amount: number }[]> {
  const { data } = await service.from('credit_ledger').select('amount').eq('call_id', callId);
  return (data ?? []) as { amount: number }[];
}

/** Spends all but `keep` of a user's credits. */
export async function drainCredits(service: SupabaseClient, userId: string, keep = 0): Promise<void> {
  const amount = (await credits(service, userId)) - keep;
  if (amount <= 0) return;
  const { error } = await service.rpc('use_credits', { amount, user_id: userId });
  if (error) throw new Error(error.message);
}
