/**
 * Twilio addresses and verified caller IDs, scoped per owner. They live in the platform's one Twilio
 * account; `phone_provider_resources` records who created which, so an owner lists and deletes only
 * their own. Rows are written with the service role (no client may claim a Twilio resource).
 */
import type { DbClient } from '../_shared/platform/env.ts';
import type { Address, CallerId } from '../_shared/contracts/phone-numbers.ts';
import { HttpError } from '../_shared/platform/index.ts';
import type { TwilioClient } from '../_shared/twilio/client.ts';
import { isTwilioNotFound, twilioHttpError } from './twilio-errors.ts';

interface ResourceRow {
  id: string;
  provider_sid: string | null;
  phone_number: string | null;
}

async function ownRows(service: DbClient, userId: string, kind: 'address' | 'caller_id'): Promise<ResourceRow[]> {
  const { data, error } = await service
    .from('phone_provider_resources')
    .select('id, provider_sid, phone_number')
    .eq('user_id', userId)
    .eq('kind', kind)
    .order('created_at');
  if (error) throw new Error(`reading Twilio resources failed: ${error.message}`);
  return (data ?? []) as ResourceRow[];
}

interface TwilioAddress {
  sid: string;
  customerName: string;
  street: string;
  city: string;
  region: string;
  postalCode: string;
  isoCountry: string;
  friendlyName: string | null;
}

const addressOf = (a: TwilioAddress): Address => ({
  sid: a.sid,
  customerName: a.customerName,
  street: a.street,
  city: a.city,
  region: a.region,
  postalCode: a.postalCode,
  isoCountry: a.isoCountry,
  friendlyName: a.friendlyName ?? null,
});

export async function listAddresses(client: TwilioClient, service: DbClient, userId: string): Promise<Address[]> {
  const rows = await ownRows(service, userId, 'address');
  const found = await Promise.all(
    rows.map(async (row) => {
      try {
        return addressOf(await client.addresses(row.provider_sid!).fetch());
      } catch (error) {
        if (!isTwilioNotFound(error)) throw twilioHttpError(error, 'read your addresses');
        // Deleted at Twilio by someone else (the console of the account): forget it here too.
        await service.from('phone_provider_resources').delete().eq('id', row.id);
        return null;
      }
    }),
  );
  return found.filter((a): a is Address => a !== null);
}

export async function createAddress(
  client: TwilioClient,
  service: DbClient,
  userId: string,
  input: Omit<Address, 'sid' | 'friendlyName'> & { friendlyName?: string | undefined },
): Promise<Address> {
  let created: TwilioAddress;
  try {
    created = await client.addresses.create({
      customerName: input.customerName,
      street: input.street,
      city: input.city,
      region: input.region,
      postalCode: input.postalCode,
      isoCountry: input.isoCountry,
      ...(input.friendlyName ? { friendlyName: input.friendlyName } : {}),
    });
  } catch (error) {
    throw twilioHttpError(error, 'add this address');
  }
  const { error } = await service
    .from('phone_provider_resources')
    .insert({ user_id: userId, kind: 'address', provider_sid: created.sid });
  if (error) {
    await client
      .addresses(created.sid)
      .remove()
      .catch(() => undefined);
    throw new Error(`recording the address failed: ${error.message}`);
  }
  return addressOf(created);
}

export async function deleteAddress(
  client: TwilioClient,
  service: DbClient,
  userId: string,
  sid: string,
): Promise<void> {
  const row = (await ownRows(service, userId, 'address')).find((r) => r.provider_sid === sid);
  if (!row) throw new HttpError(404, 'address_not_found', 'This address does not exist.');
  try {
    await client.addresses(sid).remove();
  } catch (error) {
    if (!isTwilioNotFound(error)) throw twilioHttpError(error, 'delete this address');
  }
  await service.from('phone_provider_resources').delete().eq('id', row.id);
}

export async function listCallerIds(client: TwilioClient, service: DbClient, userId: string): Promise<CallerId[]> {
  const rows = await ownRows(service, userId, 'caller_id');
  return Promise.all(
    rows.map(async (row) => {
      let verified: { friendlyName: string | null }[];
      try {
        verified = await client.outgoingCallerIds.list({ phoneNumber: row.phone_number!, limit: 1 });
      } catch (error) {
        throw twilioHttpError(error, 'read your caller IDs');
      }
      const found = verified[0];
      return {
        phoneNumber: row.phone_number!,
        friendlyName: found?.friendlyName ?? null,
        verified: found !== undefined,
      };
    }),
  );
}

/** How long an unverified claim holds a number: Twilio's verification call is answered in minutes. */
export const CALLER_ID_CLAIM_TTL_MS = 10 * 60 * 1000;

/**
 * Frees a claim on `phoneNumber` older than the TTL that Twilio never verified, so nobody can
 * squat a number (someone else's phone) by asking for its verification and never answering.
 */
async function freeStaleClaim(client: TwilioClient, service: DbClient, phoneNumber: string): Promise<void> {
  const { data: stale, error } = await service
    .from('phone_provider_resources')
    .select('id, created_at')
    .eq('kind', 'caller_id')
    .eq('phone_number', phoneNumber)
    .lt('created_at', new Date(Date.now() - CALLER_ID_CLAIM_TTL_MS).toISOString())
    .maybeSingle<{ id: string; created_at: string }>();
  if (error) throw new Error(`reading the caller ID failed: ${error.message}`);
  if (!stale) return;
  let verified: unknown[];
  try {
    verified = await client.outgoingCallerIds.list({ phoneNumber, limit: 1 });
  } catch (cause) {
    throw twilioHttpError(cause, 'read the caller IDs');
  }
  if (verified.length > 0) return;
  // Matched on created_at too: a claim renewed meanwhile by a concurrent request is kept.
  await service.from('phone_provider_resources').delete().eq('id', stale.id).eq('created_at', stale.created_at);
}

/**
 * Starts Twilio's verification of a number: Twilio calls it and asks for the returned code. The
 * number is claimed for the caller first, so two owners cannot verify the same number; a claim
 * lapses when unverified after CALLER_ID_CLAIM_TTL_MS, and is dropped when Twilio refuses to verify.
 */
export async function requestCallerId(
  client: TwilioClient,
  service: DbClient,
  userId: string,
  input: { phoneNumber: string; friendlyName?: string | undefined },
): Promise<{ phoneNumber: string; validationCode: string }> {
  await freeStaleClaim(client, service, input.phoneNumber);
  const claim = await service
    .from('phone_provider_resources')
    .insert({ user_id: userId, kind: 'caller_id', phone_number: input.phoneNumber })
    .select('id')
    .single<{ id: string }>();
  // 23505: already claimed (by the caller, asking again, or by someone else).
  if (claim.error && claim.error.code !== '23505')
    throw new Error(`claiming the caller ID failed: ${claim.error.message}`);
  const claimedNow = claim.data?.id ?? null;
  if (!claimedNow) {
    const { data: owner, error } = await service
      .from('phone_provider_resources')
      .select('user_id')
      .eq('kind', 'caller_id')
      .eq('phone_number', input.phoneNumber)
      .maybeSingle<{ user_id: string }>();
    if (error) throw new Error(`reading the caller ID failed: ${error.message}`);
    if (owner?.user_id !== userId) {
      throw new HttpError(409, 'caller_id_taken', 'This number is already a caller ID of another account.');
    }
  }
  try {
    const request = await client.validationRequests.create({
      phoneNumber: input.phoneNumber,
      ...(input.friendlyName ? { friendlyName: input.friendlyName } : {}),
    });
    return { phoneNumber: request.phoneNumber, validationCode: request.validationCode };
  } catch (cause) {
    // A claim made by this request holds nothing Twilio will verify: let the number go. An older
    // claim of the caller's (maybe verified already) is left alone.
    if (claimedNow) await service.from('phone_provider_resources').delete().eq('id', claimedNow);
    throw twilioHttpError(cause, 'verify this number');
  }
}

export async function deleteCallerId(
  client: TwilioClient,
  service: DbClient,
  userId: string,
  phoneNumber: string,
): Promise<void> {
  const row = (await ownRows(service, userId, 'caller_id')).find((r) => r.phone_number === phoneNumber);
  if (!row) throw new HttpError(404, 'caller_id_not_found', 'This caller ID does not exist.');
  try {
    const verified = await client.outgoingCallerIds.list({ phoneNumber, limit: 20 });
    for (const callerId of verified) await client.outgoingCallerIds(callerId.sid).remove();
  } catch (error) {
    if (!isTwilioNotFound(error)) throw twilioHttpError(error, 'delete this caller ID');
  }
  await service.from('phone_provider_resources').delete().eq('id', row.id);
}
