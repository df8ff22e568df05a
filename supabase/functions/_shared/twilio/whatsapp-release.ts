/**
 * A WhatsApp sender and its telephony sub-account, gone at Twilio:
 * used by `whatsapp-senders` (disconnect) and by the release queue an agent's deletion fills
 * (`phone-numbers` processes it, migration 20261126100100), and the senders on a number its owner
 * releases. Already gone counts as done.
 */
import type { DbClient } from '../platform/env.ts';
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

/** What `removeSendersOnNumber` needs from Postgres (service role: secrets and sender state). */
interface ReleaseStore {
  from: DbClient['from'];
}

/**
 * A released number can no longer carry WhatsApp: every sender of its owner's agents on that number
 * is deleted at Twilio (with the agent's sub-account when it has one) and the agent's WhatsApp card
 * is disconnected, as an owner's own disconnect does. The sub-account is kept for a later
 * connection on another number. Returns the agents disconnected.
 */
export async function removeSendersOnNumber(
  service: ReleaseStore,
  platform: TwilioClient,
  subAccountClient: (account: SubAccount) => TwilioClient,
  number: { userId: string; phoneNumber: string },
): Promise<string[]> {
  const { data, error } = await service
    .from('agent_integrations')
    .select('agent_id, config')
    .eq('kind', 'whatsapp_business')
    .eq('user_id', number.userId)
    .eq('config->>phone_number', number.phoneNumber);
  if (error) throw new Error(`reading the number's WhatsApp senders failed: ${error.message}`);
  const rows = (data ?? []) as { agent_id: string; config: { sender_id?: unknown } | null }[];
  const disconnected: string[] = [];
  for (const row of rows) {
    const senderSid = typeof row.config?.sender_id === 'string' ? row.config.sender_id : null;
    if (senderSid) {
      const secrets = await service
        .from('agent_secrets')
        .select('whatsapp_account_sid, whatsapp_auth_token')
        .eq('agent_id', row.agent_id)
        .maybeSingle();
      if (secrets.error) throw new Error(`reading the sub-account failed: ${secrets.error.message}`);
      const sub = secrets.data as { whatsapp_account_sid: string | null; whatsapp_auth_token: string | null } | null;
      const client =
        sub?.whatsapp_account_sid && sub.whatsapp_auth_token
          ? subAccountClient({ sid: sub.whatsapp_account_sid, authToken: sub.whatsapp_auth_token })
          : platform;
      await deleteSender(client, senderSid);
    }
    const cleared = await service
      .from('agent_integrations')
      .update({ enabled: false, config: {}, disconnected_at: new Date().toISOString() })
      .eq('agent_id', row.agent_id)
      .eq('kind', 'whatsapp_business');
    if (cleared.error) throw new Error(`disconnecting WhatsApp failed: ${cleared.error.message}`);
    disconnected.push(row.agent_id);
  }
  return disconnected;
}
