/**
 * A WhatsApp webhook from Twilio, read once and verified:
 * the form body is read once (capped); the account it names (`AccountSid`) is looked up server-side
 * (the platform account, or the sub-account an agent's sender lives on: Twilio signs a
 * sub-account's webhooks with the sub-account's token); X-Twilio-Signature is checked over the
 * PUBLIC URL `${webhookBaseUrl}/whatsapp-webhook/<route>`. Unknown account, forged or unsigned → 403.
 */
import type { DbClient } from '../_shared/platform/env.ts';
import { z } from 'zod';
import { validate } from '../_shared/platform/validate.ts';
import type { TwilioConfig } from '../_shared/twilio/config.ts';
import { readTwilioForm } from '../_shared/twilio/webhook.ts';

export interface TwilioAccount {
  sid: string;
  authToken: string;
}

export interface WhatsAppWebhook {
  params: Record<string, string>;
  account: TwilioAccount;
}

// Inbound messages carry up to 1,600 characters of text plus Twilio's fields and media URLs.
const MAX_WEBHOOK_BYTES = 64 * 1024;

/** The account `sid` names: the platform's, or an agent's sender sub-account (agent_secrets). */
export async function accountFor(sid: string, config: TwilioConfig, service: DbClient): Promise<TwilioAccount | null> {
  if (config.accountSid && config.authToken && sid === config.accountSid) {
    return { sid, authToken: config.authToken };
  }
  if (!/^AC[0-9a-fA-F]{32}$/.test(sid)) return null;
  const { data, error } = await service
    .from('agent_secrets')
    .select('whatsapp_auth_token')
    .eq('whatsapp_account_sid', sid)
    .not('whatsapp_auth_token', 'is', null)
    .limit(1)
    .maybeSingle<{ whatsapp_auth_token: string }>();
  if (error) throw new Error(`reading the sender account failed: ${error.message}`);
  return data ? { sid, authToken: data.whatsapp_auth_token } : null;
}

export async function readWhatsAppWebhook(
  request: Request,
  route: 'inbound' | 'status',
  options: { config: TwilioConfig; service: DbClient },
): Promise<WhatsAppWebhook> {
  let account: TwilioAccount | null = null;
  const { params } = await readTwilioForm(request, {
    publicUrl: `${options.config.webhookBaseUrl}/whatsapp-webhook/${route}`,
    maxBytes: MAX_WEBHOOK_BYTES,
    authToken: async (form) => {
      account = await accountFor(form.AccountSid ?? '', options.config, options.service);
      return account?.authToken ?? null;
    },
  });
  // readTwilioForm throws unless authToken found the account.
  return { params, account: account! };
}

const messageSid = z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, { error: 'MessageSid must be a Twilio message SID.' });
const whatsappAddress = z
  .string()
  .trim()
  .regex(/^whatsapp:\+?[0-9]{6,15}$/, { error: 'From and To must be WhatsApp addresses (whatsapp:+E.164).' });

export interface InboundMedia {
  url: string;
  contentType: string;
}

const inboundSchema = z.object({
  MessageSid: messageSid,
  From: whatsappAddress,
  To: whatsappAddress,
  Body: z.string().max(4096).default(''),
  ProfileName: z.string().max(200).optional(),
  NumMedia: z.coerce.number().int().min(0).max(10).default(0),
});

export interface InboundMessage {
  messageSid: string;
  from: string;
  to: string;
  body: string;
  profileName: string | null;
  media: InboundMedia[];
}

/** The message's fields, or 400 `invalid_request` (fields Twilio adds are ignored, not refused). */
export function inboundMessage(webhook: WhatsAppWebhook, e164: (address: string) => string): InboundMessage {
  const fields = validate(inboundSchema, webhook.params);
  const media: InboundMedia[] = [];
  for (let i = 0; i < fields.NumMedia; i++) {
    const url = webhook.params[`MediaUrl${i}`];
    if (!url || !/^https:\/\//.test(url)) continue;
    media.push({
      url,
      contentType: (webhook.params[`MediaContentType${i}`] ?? 'application/octet-stream').toLowerCase(),
    });
  }
  return {
    messageSid: fields.MessageSid,
    from: e164(fields.From),
    to: e164(fields.To),
    body: fields.Body,
    profileName: fields.ProfileName?.trim() || null,
    media,
  };
}

export const statusSchema = z.object({
  MessageSid: messageSid,
  MessageStatus: z.string().min(1).max(32),
  ErrorCode: z.coerce.number().int().min(0).max(999_999).optional(),
  ErrorMessage: z.string().max(500).optional(),
});

export function statusUpdate(webhook: WhatsAppWebhook): z.output<typeof statusSchema> {
  return validate(statusSchema, webhook.params);
}
