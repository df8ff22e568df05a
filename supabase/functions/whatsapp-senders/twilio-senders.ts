/**
 * The Twilio side of a WhatsApp sender (sub-accounts, Senders API v2),
 * through the platform's SDK client (so TWILIO_API_BASE_URL applies). The Senders API takes JSON
 * with snake_case keys; the SDK passes the body through unchanged, hence the casts below.
 */
import type { FetchedSender } from '../_shared/contracts/whatsapp.ts';
import type { TwilioClient } from '../_shared/twilio/client.ts';
import type { SubAccount } from '../_shared/twilio/sub-account.ts';

export interface SenderRequest {
  phoneNumber: string;
  wabaId: string;
  webhookBaseUrl: string;
  profile: {
    name: string;
    about?: string;
    description?: string;
    vertical: string;
    websites: string[];
    emails: string[];
  };
}

export { isTwilioNotFound, twilioHttpError } from '../_shared/twilio/errors.ts';

/** The webhook URLs our sender is given: both handled by the `whatsapp-webhook` function. */
export function senderWebhooks(webhookBaseUrl: string) {
  return {
    callback_url: `${webhookBaseUrl}/whatsapp-webhook/inbound`,
    callback_method: 'POST',
    status_callback_url: `${webhookBaseUrl}/whatsapp-webhook/status`,
    status_callback_method: 'POST',
  };
}

export async function createSubAccount(platform: TwilioClient, friendlyName: string): Promise<SubAccount> {
  const account = await platform.api.v2010.accounts.create({ friendlyName });
  if (!account.sid || !account.authToken) throw new Error('Twilio answered a sub-account without credentials');
  return { sid: account.sid, authToken: account.authToken };
}

interface SenderInstance {
  sid: string;
  status?: string | null;
  properties?: { qualityRating?: string | null; messagingLimit?: string | null } | null;
  offlineReasons?: { code?: string | number | null; message?: string | null }[] | null;
}

function fetched(sender: SenderInstance): FetchedSender {
  return {
    status: sender.status ?? null,
    qualityRating: sender.properties?.qualityRating ?? null,
    messagingLimit: sender.properties?.messagingLimit ?? null,
    offlineReasons: (sender.offlineReasons ?? []).map((r) => ({
      code: r.code === null || r.code === undefined ? null : String(r.code),
      message: r.message ?? '',
    })),
  };
}

export async function createSender(
  client: TwilioClient,
  request: SenderRequest,
): Promise<{ sid: string } & FetchedSender> {
  const { profile } = request;
  const body = {
    sender_id: `whatsapp:${request.phoneNumber}`,
    // Our senders live on the agent's ISV sub-account; Twilio wants that said on create.
    configuration: { waba_id: request.wabaId, account_type: 'ISVSubAccount' },
    webhook: senderWebhooks(request.webhookBaseUrl),
    profile: {
      name: profile.name,
      ...(profile.about ? { about: profile.about } : {}),
      ...(profile.description ? { description: profile.description } : {}),
      vertical: profile.vertical,
      websites: profile.websites.map((website) => ({ website, label: 'Website' })),
      emails: profile.emails.map((email) => ({ email, label: 'Email' })),
    },
  };
  // The SDK types the create options in camelCase but sends them as given (JSON, snake_case here).
  const sender = (await client.messaging.v2.channelsSenders.create(body as never)) as unknown as SenderInstance;
  return { sid: sender.sid, ...fetched(sender) };
}

export async function fetchSender(client: TwilioClient, sid: string): Promise<FetchedSender> {
  const sender = (await client.messaging.v2.channelsSenders(sid).fetch()) as unknown as SenderInstance;
  return fetched(sender);
}

/**
 * Sends the code WhatsApp texted or phoned to the sender's number (PENDING_VERIFICATION): an update
 * with `configuration.verification_code`; Twilio answers VERIFYING.
 */
export async function verifySender(client: TwilioClient, sid: string, code: string): Promise<FetchedSender> {
  const body = { configuration: { verification_code: code } };
  const sender = (await client.messaging.v2.channelsSenders(sid).update(body as never)) as unknown as SenderInstance;
  return fetched(sender);
}

export { deleteSender } from '../_shared/twilio/whatsapp-release.ts';
