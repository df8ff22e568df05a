/**
 * A WhatsApp sender and its telephony sub-account, gone at Twilio (reference/twilio.md §4, §10.1):
 * used by `whatsapp-senders` (disconnect) and by the release queue an agent's deletion fills
 * (`phone-numbers` processes it, migration 20261126100100). Already gone counts as done.
 */
import type { TwilioClient } from './client.ts';
import { isTwilioNotFound } from './errors.ts';
import type { SubAccount } from './sub-account.ts';

/** Deletes the sender; one already gone counts as deleted. */
export async function deleteSender(client: TwilioClient, sid: string): Promise<void> {
  try {
    await client.messaging.v2.channelsSenders(sid).remove();
  } catch (error) {
    if (!isTwilioNotFound(error)) throw error;
  }
}

/** Closes a sub-account with the platform (parent) account: irreversible, frees what it holds. */
export async function closeSubAccount(platform: TwilioClient, sid: string): Promise<void> {
  try {
    await platform.api.v2010.accounts(sid).update({ status: 'closed' });
  } catch (error) {
    if (!isTwilioNotFound(error)) throw error;
  }
}

/**
 * A deleted agent's WhatsApp: the sender first (with the sub-account's own credentials when it
 * lives there: a sender belongs to the account that created it), then the sub-account.
 */
export async function releaseWhatsAppSender(
  platform: TwilioClient,
  subAccountClient: (account: SubAccount) => TwilioClient,
  release: { senderSid: string | null; accountSid: string | null; authToken: string | null },
): Promise<void> {
  if (release.senderSid) {
    const owner =
      release.accountSid && release.authToken
        ? subAccountClient({ sid: release.accountSid, authToken: release.authToken })
        : platform;
    await deleteSender(owner, release.senderSid);
  }
  if (release.accountSid) await closeSubAccount(platform, release.accountSid);
}
