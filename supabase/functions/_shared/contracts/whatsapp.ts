/**
 * WhatsApp messaging rules shared by the `whatsapp-webhook` function, the console (messages
 * screens, template picker) and SQL (`whatsapp_messages.status`/`not_sent_reason` checks and
 * `whatsapp_message_status`, migration 20261125190000; tests/integration/whatsapp prove they agree).
 */
import { z } from 'zod';

/** WhatsApp's body limit through Twilio (characters); longer replies go out in parts. */
export const WHATSAPP_BODY_LIMIT = 1600;

/** The customer service window: free-form messages only this long after the user's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 3600 * 1000;

/**
 * A message's delivery states in the order they can only move forward (Twilio's callbacks arrive
 * out of order: a row keeps the furthest state). `failed`/`undelivered` end a message.
 */
export const WHATSAPP_STATUS_RANK = {
  received: 0,
  not_sent: 0,
  accepted: 1,
  queued: 1,
  sending: 2,
  sent: 3,
  delivered: 4,
  read: 5,
  undelivered: 6,
  failed: 6,
} as const;
export type WhatsAppStatus = keyof typeof WHATSAPP_STATUS_RANK;
export const WHATSAPP_STATUSES = Object.keys(WHATSAPP_STATUS_RANK) as WhatsAppStatus[];

/**
 * Why an agent's message did not go out, as the owner is told (`whatsapp_messages.not_sent_reason`):
 *  - monthly_limit: the pack's WhatsApp conversations for this month are used up;
 *  - outside_window: more than 24 h since the user last wrote and no approved template is chosen;
 *  - send_failed: Twilio refused the message (error_code / error_message say why);
 *  - not_configured: Twilio is not configured on this server.
 */
export const WHATSAPP_NOT_SENT_REASONS = ['monthly_limit', 'outside_window', 'send_failed', 'not_configured'] as const;
export type WhatsAppNotSentReason = (typeof WHATSAPP_NOT_SENT_REASONS)[number];

/** The template an owner picked for messages outside the window (`whatsapp_template_choices`). */
export const templateChoiceSchema = z.object({
  content_sid: z.string().regex(/^HX[0-9a-fA-F]{32}$/, { error: 'Pick an approved template.' }),
  friendly_name: z.string().max(200),
  // Content API variables: "1", "2"… → text (Twilio: sequential, at most 100).
  variables: z
    .record(z.string().regex(/^[0-9]{1,3}$/), z.string().max(1000))
    .refine((vars) => Object.keys(vars).length <= 100, { error: 'At most 100 variables.' }),
});
export type TemplateChoice = z.infer<typeof templateChoiceSchema>;

/** An approved WhatsApp template as the console lists it. */
export const whatsAppTemplateSchema = z.object({
  sid: z.string(),
  friendlyName: z.string(),
  language: z.string(),
  body: z.string(),
  variables: z.record(z.string(), z.string()),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;

/** `whatsapp:+33…` or `+33…` → `+33…` (spec 002 §5: the prefix is stripped). */
export function e164FromWhatsApp(address: string): string {
  const digits = address.replace(/^whatsapp:/i, '').replace(/[^0-9]/g, '');
  return `+${digits}`;
}

/**
 * Splits a reply into WhatsApp bodies of at most `limit` characters, at sentence ends where it can
 * (then at a space, then anywhere): a reader gets whole sentences in each message.
 */
export function splitWhatsAppBody(text: string, limit = WHATSAPP_BODY_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (Array.from(rest).length > limit) {
    const chars = Array.from(rest);
    const window = chars.slice(0, limit).join('');
    let cut = -1;
    // A sentence end is followed by white space, or by the end of the window when white space
    // comes right after it ("3.5" is not a sentence end).
    const followedBySpace = /^\s/.test(chars[limit] ?? '');
    const sentence = /[.!?…]["'»)\]]*(?:\s+|$)|\n+/g;
    for (let match = sentence.exec(window); match; match = sentence.exec(window)) {
      const end = match.index + match[0].length;
      if (end === window.length && !/\s$/.test(match[0]) && !followedBySpace) break;
      cut = end;
    }
    if (cut <= 0) cut = window.lastIndexOf(' ') + 1;
    if (cut <= 0) cut = window.length;
    parts.push(window.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') parts.push(rest);
  return parts;
}
