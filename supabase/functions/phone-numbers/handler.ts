/**
 * phone-numbers: Twilio numbers with the platform's account: search, buy, assign,
 * release, addresses and caller IDs. Signed-in owners; the Twilio credentials stay in this function's environment.
 *   GET    /status                       { configured, defaultVoiceMode }
 *   GET    /search?country=US&areaCode=415  { numbers }: first 5 with a locality
 *   POST   /buy      { phoneNumber, countryCode, agentId?, addressSid?, forUserId? (admins) }
 *   POST   /release  { phoneNumberId }   the owner's (or, for admins, any) number, at Twilio too, after
 *                                        deleting the WhatsApp senders on it (their agents' cards disconnect)
 *   POST   /releases                     releases at Twilio what the caller's agent deletions queued:
 *                                        numbers, WhatsApp senders and their sub-accounts
 *   POST   /releases/sweep               the same for everyone (scheduler, service role)
 *   GET|POST /addresses, DELETE /addresses/:sid          Twilio Addresses, the caller's own
 *   GET|POST /caller-ids, DELETE /caller-ids/:phoneNumber Outgoing Caller IDs, the caller's own
 * Without TWILIO_ACCOUNT_SID/TWILIO_AUTH_TOKEN every route but /status answers 503
 * twilio_not_configured.
 */
import {
  addressInputSchema,
  addressSidSchema,
  buyNumberInputSchema,
  callerIdInputSchema,
  numberSearchQuerySchema,
  releaseNumberInputSchema,
} from '../_shared/contracts/phone-numbers.ts';
import { defaultPhoneVoiceMode, e164Schema } from '../_shared/contracts/phone.ts';
import {
  HttpError,
  createFunctionApp,
  jsonResponse,
  parseJsonBody,
  parseQuery,
  requireOwnAgent,
  type Caller,
  type FunctionEnv,
} from '../_shared/platform/index.ts';
import { createTwilioClient, type TwilioClient } from '../_shared/twilio/client.ts';
import { twilioConfig, twilioConfigured } from '../_shared/twilio/config.ts';
import { subAccountClient } from '../_shared/twilio/sub-account.ts';
import { removeSendersOnNumber } from '../_shared/twilio/whatsapp-release.ts';
import { buyNumber, processReleases, releaseAtTwilio, searchNumbers } from './numbers.ts';
import {
  createAddress,
  deleteAddress,
  deleteCallerId,
  listAddresses,
  listCallerIds,
  requestCallerId,
} from './resources.ts';
import { twilioHttpError } from './twilio-errors.ts';

export type { FunctionEnv };

const SMALL_BODY = { maxBytes: 8 * 1024 };

export function makeHandler(env: FunctionEnv): (request: Request) => Promise<Response> {
  const fn = createFunctionApp('phone-numbers', env, { browser: true });
  const config = twilioConfig(env);
  let client: TwilioClient | null = null;

  /** The SDK client, or 503 when this installation has no Twilio account. */
  function twilio(): TwilioClient {
    if (!twilioConfigured(config)) {
      throw new HttpError(
        503,
        'twilio_not_configured',
        'Phone numbers are not available: Twilio is not configured on this server (TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN).',
      );
    }
    client ??= createTwilioClient(config);
    return client;
  }

  async function isAdmin(caller: Caller): Promise<boolean> {
    const { data, error } = await fn
      .asCaller(caller)
      .from('profiles')
      .select('is_admin')
      .eq('id', caller.userId)
      .maybeSingle<{ is_admin: boolean }>();
    if (error) throw new Error(`reading the caller's profile failed: ${error.message}`);
    return data?.is_admin === true;
  }

  // Natural voice needs the realtime model, i.e. an OpenAI key (contracts/phone.ts).
  fn.get('/status', () =>
    jsonResponse({
      configured: twilioConfigured(config),
      defaultVoiceMode: defaultPhoneVoiceMode(Boolean(env.get('OPENAI_API_KEY')?.trim())),
    }),
  );

  fn.get('/search', async (c) => {
    const twilioClient = twilio();
    await fn.auth.requireOwner(c.req.raw);
    const query = parseQuery(c.req.raw, numberSearchQuerySchema);
    return jsonResponse({ numbers: await searchNumbers(twilioClient, query.country, query.areaCode) });
  });

  fn.post('/buy', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, buyNumberInputSchema, SMALL_BODY);
    let ownerId = caller.userId;
    if (input.forUserId && input.forUserId !== caller.userId) {
      if (!(await isAdmin(caller))) throw new HttpError(403, 'admin_only', 'Only administrators can buy for a user.');
      // Service role: the admin names a user; their profile must exist (admins read every profile
      // too, but the check must not depend on that policy).
      const { data } = await fn.service().from('profiles').select('id').eq('id', input.forUserId).maybeSingle();
      if (!data) throw new HttpError(404, 'user_not_found', 'This user does not exist.');
      ownerId = input.forUserId;
    }
    // The agent must be the number owner's, as RLS lets the caller see it (foreign = missing).
    if (input.agentId) await requireOwnAgent(fn.asCaller(caller), ownerId, input.agentId);
    // Service role: numbers are created by this function only (no client grant on phone_numbers).
    const bought = await buyNumber(
      { client: twilioClient, service: fn.service(), webhookBaseUrl: config.webhookBaseUrl },
      input,
      ownerId,
      caller.userId,
    );
    return jsonResponse(bought, 201);
  });

  fn.post('/release', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, releaseNumberInputSchema, SMALL_BODY);
    // Read as the caller: RLS shows owners their numbers and admins every number.
    const { data, error } = await fn
      .asCaller(caller)
      .from('phone_numbers')
      .select('id, provider_sid, user_id, phone_number')
      .eq('id', input.phoneNumberId)
      .maybeSingle<{ id: string; provider_sid: string | null; user_id: string | null; phone_number: string }>();
    if (error) throw new Error(`reading the number failed: ${error.message}`);
    if (!data) throw new HttpError(404, 'number_not_found', 'This phone number does not exist.');
    // Its WhatsApp senders go first: left behind, a sender would point at a number no longer ours.
    if (data.user_id) {
      try {
        await removeSendersOnNumber(fn.service(), twilioClient, (sub) => subAccountClient(config, sub), {
          userId: data.user_id,
          phoneNumber: data.phone_number,
        });
      } catch (cause) {
        throw twilioHttpError(cause, 'delete the WhatsApp sender of this number');
      }
    }
    if (data.provider_sid) {
      try {
        await releaseAtTwilio(twilioClient, data.provider_sid);
      } catch (cause) {
        throw twilioHttpError(cause, 'release this number');
      }
    }
    // Service role: owners may not delete number rows themselves (only through a Twilio release);
    // the RPC re-checks the actor and audits an admin releasing another user's number.
    const removed = await fn
      .service()
      .rpc('record_released_phone_number', { phone_number_id: data.id, actor_id: caller.userId });
    if (removed.error?.code === 'PT404')
      throw new HttpError(404, 'number_not_found', 'This phone number does not exist.');
    if (removed.error) throw new Error(`deleting the number failed: ${removed.error.message}`);
    return jsonResponse({ released: true });
  });

  fn.post('/releases', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    // Service role: the release queue has no client write grant; scoped to the caller here.
    return jsonResponse(await processReleases(twilioClient, fn.service(), caller.userId, config));
  });

  fn.post('/releases/sweep', async (c) => {
    fn.auth.requireServiceRole(c.req.raw, 'the number release sweep');
    // Scheduled on every installation: without Twilio there is nothing to release.
    if (!twilioConfigured(config)) return jsonResponse({ released: 0, failed: 0 });
    return jsonResponse(await processReleases(twilio(), fn.service(), null, config));
  });

  // Addresses and caller IDs: the service role writes the ownership table (no client grant);
  // every read and delete is scoped to the verified caller's own rows, admins included.
  fn.get('/addresses', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    return jsonResponse({ addresses: await listAddresses(twilioClient, fn.service(), caller.userId) });
  });
  fn.post('/addresses', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, addressInputSchema, SMALL_BODY);
    return jsonResponse(await createAddress(twilioClient, fn.service(), caller.userId, input), 201);
  });
  fn.on('DELETE', '/addresses/:sid', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const sid = c.req.param('sid') ?? '';
    if (!addressSidSchema.safeParse(sid).success)
      throw new HttpError(404, 'address_not_found', 'This address does not exist.');
    await deleteAddress(twilioClient, fn.service(), caller.userId, sid);
    return jsonResponse({ deleted: true });
  });

  fn.get('/caller-ids', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    return jsonResponse({ callerIds: await listCallerIds(twilioClient, fn.service(), caller.userId) });
  });
  fn.post('/caller-ids', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const input = await parseJsonBody(c.req.raw, callerIdInputSchema, SMALL_BODY);
    return jsonResponse(await requestCallerId(twilioClient, fn.service(), caller.userId, input), 201);
  });
  fn.on('DELETE', '/caller-ids/:phoneNumber', async (c) => {
    const twilioClient = twilio();
    const caller = await fn.auth.requireOwner(c.req.raw);
    const number = e164Schema.safeParse(decodeURIComponent(c.req.param('phoneNumber') ?? ''));
    if (!number.success) throw new HttpError(404, 'caller_id_not_found', 'This caller ID does not exist.');
    await deleteCallerId(twilioClient, fn.service(), caller.userId, number.data);
    return jsonResponse({ deleted: true });
  });

  return fn.handler();
}
