/**
 * Search, buy and release Twilio numbers with the platform's account. Postgres keeps the rules
 * (migrations 20261125110000, 20261125210000): the purchase reserved before buying (the one-number
 * rule), the purchase record with the agent's ownership re-derived, the release record (audited for
 * an admin acting on another user's number), and the release queue filled when an agent or a user
 * is deleted.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { ONE_NUMBER_MESSAGE, NUMBER_RESULTS_SHOWN } from '../_shared/contracts/phone.ts';
import type { AvailableNumber, BuyNumberInput } from '../_shared/contracts/phone-numbers.ts';
import { ADDRESS_REQUIREMENTS } from '../_shared/contracts/phone-numbers.ts';
import { HttpError } from '../_shared/platform/index.ts';
import type { TwilioClient } from '../_shared/twilio/client.ts';
import type { TwilioConfig } from '../_shared/twilio/config.ts';
import { subAccountClient } from '../_shared/twilio/sub-account.ts';
import { releaseWhatsAppSender } from '../_shared/twilio/whatsapp-release.ts';
import { isTwilioNotFound, twilioHttpError } from './twilio-errors.ts';

/** Results asked of Twilio: enough that the first five with a locality are usually among them. */
const SEARCH_PAGE = 30;

interface RawAvailable {
  phoneNumber: string;
  locality?: string | null;
  region?: string | null;
  addressRequirements?: string | null;
  capabilities?: Record<string, unknown> | null;
}

/** Twilio writes capability keys as `voice`, `SMS`, `MMS`: read them case-insensitively. */
export function readCapabilities(raw: Record<string, unknown> | null | undefined): AvailableNumber['capabilities'] {
  const lower = Object.fromEntries(Object.entries(raw ?? {}).map(([k, v]) => [k.toLowerCase(), v === true]));
  return { voice: lower.voice === true, sms: lower.sms === true, mms: lower.mms === true };
}

function toAvailable(raw: RawAvailable): AvailableNumber | null {
  const locality = raw.locality?.trim();
  if (!locality) return null;
  const requirement = ADDRESS_REQUIREMENTS.find((r) => r === raw.addressRequirements) ?? 'none';
  return {
    phoneNumber: raw.phoneNumber,
    locality,
    region: raw.region ?? null,
    addressRequirements: requirement,
    capabilities: readCapabilities(raw.capabilities),
  };
}

export async function searchNumbers(
  client: TwilioClient,
  country: string,
  areaCode?: string,
): Promise<AvailableNumber[]> {
  let found: RawAvailable[];
  try {
    found = await client.availablePhoneNumbers(country).local.list({
      ...(areaCode ? { areaCode: Number(areaCode) } : {}),
      limit: SEARCH_PAGE,
    });
  } catch (error) {
    throw twilioHttpError(error, 'search numbers');
  }
  return found
    .map(toAvailable)
    .filter((n): n is AvailableNumber => n !== null)
    .slice(0, NUMBER_RESULTS_SHOWN);
}

/** Postgres' refusals of a purchase record, as answers. */
function purchaseRefusal(error: { code?: string; message: string }): HttpError {
  if (error.code === '23P01') return new HttpError(409, 'number_limit_reached', error.message || ONE_NUMBER_MESSAGE);
  if (error.code === 'PT404') return new HttpError(404, 'agent_not_found', 'This agent does not exist.');
  if (error.code === '23505') return new HttpError(409, 'number_unavailable', 'This number is already in use.');
  if (error.code === '42501') return new HttpError(403, 'admin_only', 'Only administrators can do this.');
  return new HttpError(500, 'database_error', 'Recording the number failed.');
}

export interface BuyDeps {
  client: TwilioClient;
  /** Service role: the purchase RPCs are reserved to the server (no client may create a number). */
  service: DbClient;
  webhookBaseUrl: string;
}

/**
 * The address Twilio is given with the number: one the number's owner (or the admin buying for
 * them) created through /addresses, never any SID of the platform's account a browser names.
 */
async function requireOwnAddress(service: DbClient, sid: string, userIds: string[]): Promise<void> {
  const { data, error } = await service
    .from('phone_provider_resources')
    .select('id')
    .eq('kind', 'address')
    .eq('provider_sid', sid)
    .in('user_id', userIds)
    .limit(1);
  if (error) throw new Error(`reading the address failed: ${error.message}`);
  if (!data?.length) throw new HttpError(404, 'address_not_found', 'This address does not exist.');
}

const ADDRESS_REQUIRED = new HttpError(
  400,
  'address_required',
  'This number needs an address. Choose one of your addresses, or add one first.',
);

/**
 * Buys `input.phoneNumber` for `ownerId` (the verified caller, or the user an admin buys for): the
 * purchase is reserved in SQL first (nothing is bought when Postgres refuses, and a parallel second
 * purchase is refused there), then Twilio, then the record, which turns the hold into the number.
 * When Twilio sells nothing the hold is cancelled; when the record fails the number is released.
 */
export async function buyNumber(
  deps: BuyDeps,
  input: BuyNumberInput,
  ownerId: string,
  actorId: string,
): Promise<{ id: string; phoneNumber: string; agentId: string | null }> {
  if (input.addressSid) await requireOwnAddress(deps.service, input.addressSid, [ownerId, actorId]);
  const reserved = await deps.service.rpc('reserve_phone_number_purchase', { owner_id: ownerId });
  if (reserved.error) throw purchaseRefusal(reserved.error);

  let offer: RawAvailable;
  let bought: { sid: string; phoneNumber: string; capabilities?: Record<string, unknown> | null };
  try {
    offer = await lookUpOffer(deps.client, input);
    if ((offer.addressRequirements ?? 'none') !== 'none' && !input.addressSid) throw ADDRESS_REQUIRED;
    bought = await purchase(deps, input);
  } catch (error) {
    // Nothing was sold: the owner may try again at once rather than after the hold expires.
    await deps.service.rpc('cancel_phone_number_purchase', { owner_id: ownerId });
    throw error;
  }

  const recorded = await deps.service.rpc('record_purchased_phone_number', {
    owner_id: ownerId,
    actor_id: actorId,
    phone_number: bought.phoneNumber,
    provider_sid: bought.sid,
    country_code: input.countryCode,
    locality: offer.locality ?? undefined,
    address_requirements: ADDRESS_REQUIREMENTS.find((r) => r === offer.addressRequirements),
    capabilities: readCapabilities(bought.capabilities ?? offer.capabilities),
    agent_id: input.agentId ?? undefined,
  });
  if (recorded.error || typeof recorded.data !== 'string') {
    await deps.service.rpc('cancel_phone_number_purchase', { owner_id: ownerId });
    await releaseAtTwilio(deps.client, bought.sid).catch(async () => {
      // Still ours at Twilio: queue it so the sweeper releases it (never pay for a lost number).
      await deps.service.from('phone_number_releases').insert({
        user_id: ownerId,
        phone_number: bought.phoneNumber,
        provider_sid: bought.sid,
        reason: 'purchase_not_recorded',
      });
    });
    throw purchaseRefusal(recorded.error ?? { message: 'no id' });
  }
  return { id: recorded.data, phoneNumber: bought.phoneNumber, agentId: input.agentId ?? null };
}

/**
 * The details stored come from Twilio's own listing, not from the browser; it also proves the
 * number is for sale in the country named.
 */
async function lookUpOffer(client: TwilioClient, input: BuyNumberInput): Promise<RawAvailable> {
  let offer: RawAvailable | undefined;
  try {
    const listed = await client.availablePhoneNumbers(input.countryCode).local.list({
      contains: input.phoneNumber,
      limit: 1,
    });
    offer = listed.find((n) => n.phoneNumber === input.phoneNumber);
  } catch (error) {
    throw twilioHttpError(error, 'look the number up');
  }
  if (!offer) throw new HttpError(409, 'number_unavailable', 'This number is no longer available. Choose another one.');
  return offer;
}

async function purchase(
  deps: BuyDeps,
  input: BuyNumberInput,
): Promise<{ sid: string; phoneNumber: string; capabilities?: Record<string, unknown> | null }> {
  try {
    return await deps.client.incomingPhoneNumbers.create({
      phoneNumber: input.phoneNumber,
      voiceUrl: `${deps.webhookBaseUrl}/twilio-voice/incoming`,
      voiceMethod: 'POST',
      statusCallback: `${deps.webhookBaseUrl}/twilio-voice/status`,
      statusCallbackMethod: 'POST',
      friendlyName: `Concierge ${input.phoneNumber}`,
      // Required by Twilio (21631) when the number's address requirement is not 'none'.
      ...(input.addressSid ? { addressSid: input.addressSid } : {}),
    });
  } catch (error) {
    throw twilioHttpError(error, 'buy this number');
  }
}

/** Releases a number at Twilio; one already gone counts as released. */
export async function releaseAtTwilio(client: TwilioClient, sid: string): Promise<void> {
  try {
    await client.incomingPhoneNumbers(sid).remove();
  } catch (error) {
    if (!isTwilioNotFound(error)) throw error;
  }
}

interface QueuedRelease {
  id: string;
  kind: 'phone_number' | 'whatsapp_sender';
  provider_sid: string | null;
  account_sid: string | null;
  sender_sid: string | null;
  auth_token: string | null;
}

/**
 * Releases at Twilio what agent and user deletions queued (migration 20261126100100): numbers
 * (and purchases that could not be recorded), and WhatsApp senders with their sub-account; one
 * owner's, or everyone's for the scheduler. Each is claimed in SQL first, so concurrent runs never
 * release the same thing twice; a done release's sub-account credentials are deleted by the finish.
 */
export async function processReleases(
  client: TwilioClient,
  service: DbClient,
  ownerId: string | null,
  config: TwilioConfig,
): Promise<{ released: number; failed: number }> {
  const { data, error } = await service.rpc('claim_twilio_releases', {
    owner_id: ownerId ?? undefined,
    max_releases: 20,
  });
  if (error) throw new Error(`claiming releases failed: ${error.message}`);
  let released = 0;
  let failed = 0;
  for (const row of (data ?? []) as QueuedRelease[]) {
    let ok = true;
    let message: string | null = null;
    try {
      if (row.kind === 'whatsapp_sender') {
        await releaseWhatsAppSender(client, (sub) => subAccountClient(config, sub), {
          senderSid: row.sender_sid,
          accountSid: row.account_sid,
          authToken: row.auth_token,
        });
      } else if (row.provider_sid) {
        await releaseAtTwilio(client, row.provider_sid);
      }
    } catch (cause) {
      ok = false;
      message = cause instanceof Error ? cause.message : String(cause);
    }
    const finished = await service.rpc('finish_phone_number_release', {
      release_id: row.id,
      released: ok,
      error: message ?? undefined,
    });
    if (finished.error) throw new Error(`recording a release failed: ${finished.error.message}`);
    if (ok) released += 1;
    else failed += 1;
  }
  return { released, failed };
}
