/**
 * WhatsApp rules shared by the functions (`whatsapp-webhook`, `whatsapp-senders`), the console
 * (messages screens, template picker, Deploy's WhatsApp card) and SQL:
 *  - messaging: `whatsapp_messages.status`/`not_sent_reason` checks and `whatsapp_message_status`,
 *    migration 20261125190000; tests/integration/whatsapp prove they agree;
 *  - the sender (the agent's WhatsApp Business sender on Twilio's Senders API): the
 *    `whatsapp-senders` wire format, its status rules (polling intervals, transitions, quality
 *    colours, readiness) and Meta's embedded sign-up messages.
 */
import { z } from 'zod';
import { charsAtMost } from './field-limits.ts';

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
 *  - not_configured: Twilio is not configured on this server;
 *  - turn_refused: the conversation core refused the turn (the conversation is full, the agent is
 *    gone…); error_message holds the core's own words.
 * SQL restates the list (whatsapp_messages check, migration 20261128100100).
 */
export const WHATSAPP_NOT_SENT_REASONS = [
  'monthly_limit',
  'outside_window',
  'send_failed',
  'not_configured',
  'turn_refused',
] as const;
export type WhatsAppNotSentReason = (typeof WHATSAPP_NOT_SENT_REASONS)[number];

/** Characters of one template variable's text. */
export const TEMPLATE_VARIABLE_MAX = 1000;

/** The template an owner picked for messages outside the window (`whatsapp_template_choices`). */
export const templateChoiceSchema = z.object({
  content_sid: z.string().regex(/^HX[0-9a-fA-F]{32}$/, { error: 'Pick an approved template.' }),
  friendly_name: z.string().max(200),
  // Content API variables: "1", "2"… → text (Twilio: sequential, at most 100).
  variables: z
    .record(z.string().regex(/^[0-9]{1,3}$/), charsAtMost(TEMPLATE_VARIABLE_MAX))
    .refine((vars) => Object.keys(vars).length <= 100, { error: 'At most 100 variables.' }),
});
export type TemplateChoice = z.infer<typeof templateChoiceSchema>;

/** A template to send now: the approved template's SID and its variables ("1" → text). */
export const templateSendSchema = templateChoiceSchema.pick({ content_sid: true, variables: true });
export type TemplateSend = z.infer<typeof templateSendSchema>;

/**
 * `POST whatsapp-webhook/send`: the owner writes to one of their agent's WhatsApp users. `text` is
 * the free-form message inside the 24-hour window; with `template`, that template is sent (allowed
 * at any time) and `text` is its rendered wording, kept on the thread. Without `template`, outside
 * the window the agent's chosen template goes, as for the agent's own replies.
 */
/** Characters of a message an owner writes in a WhatsApp conversation. */
export const OWNER_MESSAGE_MAX = 4000;

export const ownerSendSchema = z
  .object({
    agentId: z.guid({ error: 'agentId must be a UUID.' }),
    to: z.string().regex(/^\+[1-9][0-9]{6,14}$/, { error: 'to must be an E.164 number.' }),
    text: z.string().trim().min(1, { error: 'text is empty.' }).pipe(charsAtMost(OWNER_MESSAGE_MAX)),
    template: templateSendSchema.optional(),
  })
  .strict();
export type OwnerSend = z.infer<typeof ownerSendSchema>;

/** Its answer: the SIDs sent, else why not, with Twilio's error when it refused (63016…). */
export const ownerSendAnswerSchema = z.object({
  sent: z.array(z.string()),
  notSentReason: z.enum(WHATSAPP_NOT_SENT_REASONS).nullable(),
  failure: z.object({ code: z.number().nullable(), message: z.string() }).optional(),
});
export type OwnerSendAnswer = z.infer<typeof ownerSendAnswerSchema>;

/** A template's wording with its variables filled in ({{1}} → "Ana"); unknown ones stay as they are. */
export function renderTemplate(body: string, variables: Record<string, string>): string {
  return body.replace(/\{\{\s*([0-9]{1,3})\s*\}\}/g, (whole, key: string) => variables[key] ?? whole);
}

/** An approved WhatsApp template as the console lists it. */
export const whatsAppTemplateSchema = z.object({
  sid: z.string(),
  friendlyName: z.string(),
  language: z.string(),
  body: z.string(),
  variables: z.record(z.string(), z.string()),
});
export type WhatsAppTemplate = z.infer<typeof whatsAppTemplateSchema>;

/** `whatsapp:+33…` or `+33…` → `+33…` (prefix is stripped). */
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

// ==== the sender (whatsapp-senders, Deploy's WhatsApp card) ====================================

// ---- sender status --------------------------------------------------------------

/** Statuses the Senders API reports, plus ERROR, which is treated like OFFLINE. */
export const SENDER_STATUSES = [
  'CREATING',
  'ONLINE',
  'OFFLINE',
  'ERROR',
  'PENDING_VERIFICATION',
  'VERIFYING',
  'ONLINE:UPDATING',
  'TWILIO_REVIEW',
  'DRAFT',
  'STUBBED',
] as const;
export type SenderStatus = (typeof SENDER_STATUSES)[number];

/** A status as stored and compared: upper case, spaces as underscores ("pending verification"). */
export function normaliseSenderStatus(raw: string | null | undefined): string | null {
  const text = (raw ?? '').trim();
  return text === '' ? null : text.toUpperCase().replace(/\s+/g, '_');
}

/** A sender is polled every 30 s while CREATING, every 60 s otherwise, and 60 s after a failed poll. */
export const SENDER_POLL_MS = { creating: 30_000, other: 60_000, retryAfterFailure: 60_000 } as const;

/**
 * Statuses in which the sender sends and receives: ONLINE, and ONLINE:UPDATING (Twilio applying a
 * profile change to a live sender). SQL restates this list in `whatsapp_receive_message`
 * (migration 20261128100000; tests/integration/whatsapp/sender-sweep.test.ts proves they agree).
 */
export const ONLINE_SENDER_STATUSES = ['ONLINE', 'ONLINE:UPDATING'] as const;
export function senderIsOnline(status: string | null | undefined): boolean {
  return (ONLINE_SENDER_STATUSES as readonly (string | null)[]).includes(normaliseSenderStatus(status));
}

/**
 * When the server's sweep (`POST /whatsapp-senders/sweep`, scheduled every 30 s) polls a sender
 * next: 30 s while CREATING, 60 s in any other status (ONLINE too, so that a sender going OFFLINE
 * stops the channel without the owner's console open). ERROR is settled (the sender is gone or
 * refused at Twilio; the owner reconnects), so it is never swept; `null` means never.
 */
export function senderSweepInterval(status: string | null | undefined): number | null {
  const normalised = normaliseSenderStatus(status);
  if (normalised === null || normalised === 'ERROR') return null;
  return normalised === 'CREATING' ? SENDER_POLL_MS.creating : SENDER_POLL_MS.other;
}

/**
 * When the console asks for the status again: never without a sender or once it is ONLINE
 * ("polling stops"), 60 s after a failed poll, 30 s while CREATING, 60 s for any other status.
 */
export function senderPollInterval(status: string | null | undefined, lastPollFailed: boolean): number | false {
  const normalised = normaliseSenderStatus(status);
  if (lastPollFailed) return SENDER_POLL_MS.retryAfterFailure;
  if (normalised === null || normalised === 'ONLINE') return false;
  return normalised === 'CREATING' ? SENDER_POLL_MS.creating : SENDER_POLL_MS.other;
}

/** businessInfo.status: pending at setup, active once ONLINE, rejected on OFFLINE or ERROR. */
export const BUSINESS_STATUSES = ['pending', 'active', 'rejected'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

/** Whether a status needs the owner's attention (the setup notice). */
export function senderNeedsAttention(status: string | null | undefined): boolean {
  const normalised = normaliseSenderStatus(status);
  return normalised === 'OFFLINE' || normalised === 'ERROR';
}

/**
 * PENDING_VERIFICATION: the number is not the (sub-)account's own, so WhatsApp sent its owner a code
 * by SMS or voice; the owner types it on the Deploy card (`POST whatsapp-senders/verify`), Twilio
 * then answers VERIFYING, maybe TWILIO_REVIEW, then ONLINE.
 */
export function senderAwaitsCode(status: string | null | undefined): boolean {
  return normaliseSenderStatus(status) === 'PENDING_VERIFICATION';
}

/**
 * Where a connected sender stands, as the card's readiness says it: ready, still being created,
 * waiting for the owner's verification code, verifying it, in Twilio's review, needing the owner's
 * attention (OFFLINE, ERROR), or another not-ready status (DRAFT, STUBBED…).
 */
export const SENDER_READINESS = [
  'ready',
  'creating',
  'awaitingCode',
  'verifying',
  'inReview',
  'attention',
  'notReady',
] as const;
export type SenderReadiness = (typeof SENDER_READINESS)[number];
export function senderReadiness(state: { connected: boolean; status: string | null }): SenderReadiness {
  if (!state.connected) return 'notReady';
  const normalised = normaliseSenderStatus(state.status);
  if (senderIsOnline(normalised)) return 'ready';
  if (senderNeedsAttention(normalised)) return 'attention';
  if (normalised === 'CREATING') return 'creating';
  if (normalised === 'PENDING_VERIFICATION') return 'awaitingCode';
  if (normalised === 'VERIFYING') return 'verifying';
  if (normalised === 'TWILIO_REVIEW') return 'inReview';
  return 'notReady';
}

/** Quality rating colours: HIGH green, MEDIUM yellow, anything else red. */
export type QualityColour = 'green' | 'yellow' | 'red';
export function qualityColour(rating: string | null | undefined): QualityColour {
  const normalised = (rating ?? '').trim().toUpperCase();
  if (normalised === 'HIGH') return 'green';
  if (normalised === 'MEDIUM') return 'yellow';
  return 'red';
}

/** Ready = connected and online (ONLINE or ONLINE:UPDATING); anything else is "not ready". */
export function senderReady(state: { enabled: boolean; status: string | null } | null | undefined): boolean {
  return state?.enabled === true && senderIsOnline(state.status);
}

// ---- stored state: agent_integrations.config of kind whatsapp_business ---------------------------

/**
 * The sender's public state as the server stores it (snake_case; written by the function only, see
 * the migration protecting whatsapp_business rows). Secrets (the sub-account SID and auth token)
 * are in agent_secrets, never here.
 */
export interface StoredSenderConfig {
  sender_id: string;
  phone_number: string;
  waba_id: string;
  status: string;
  last_status_check: string;
  business_info: { display_name: string; description: string; category: string; status: BusinessStatus };
  messaging_limits: string | null;
  quality_rating: string | null;
  offline_reasons: { code: string | null; message: string }[];
  /**
   * When the server's sweep polls this sender next (ISO; senderSweepInterval after the last check,
   * absent when it is never swept). The sweep's claim pushes it 60 s on, which is also the retry
   * after a failed poll.
   */
  next_status_check?: string;
}

/** What the Senders API tells us on create and fetch (only the fields the rules use). */
export interface FetchedSender {
  status: string | null;
  qualityRating: string | null;
  messagingLimit: string | null;
  offlineReasons: { code: string | null; message: string }[];
}

/**
 * The sender's fetched status applied to the stored state: ONLINE stores the messaging limit and
 * quality rating and makes the business active; OFFLINE or ERROR makes it rejected and keeps the
 * reasons; every status sets the next check time. Pure.
 */
export function applySenderStatus(previous: StoredSenderConfig, fetched: FetchedSender, now: Date): StoredSenderConfig {
  const status = normaliseSenderStatus(fetched.status) ?? previous.status;
  const next: StoredSenderConfig = { ...previous, status, last_status_check: now.toISOString() };
  const every = senderSweepInterval(status);
  if (every === null) delete next.next_status_check;
  else next.next_status_check = new Date(now.getTime() + every).toISOString();
  if (senderIsOnline(status)) {
    return {
      ...next,
      messaging_limits: fetched.messagingLimit ?? previous.messaging_limits,
      quality_rating: fetched.qualityRating ?? previous.quality_rating,
      offline_reasons: [],
      business_info: { ...previous.business_info, status: 'active' },
    };
  }
  if (senderNeedsAttention(status)) {
    return {
      ...next,
      offline_reasons: fetched.offlineReasons,
      business_info: { ...previous.business_info, status: 'rejected' },
    };
  }
  return next;
}

// ---- the function's wire format ------------------------------------------------------------------

/** Meta's WABA id: digits. */
export const wabaIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,32}$/, 'A WhatsApp Business Account ID is digits.');

/** Business verticals the Senders API accepts (22 fixed strings, common ones). */
export const SENDER_VERTICALS = [
  'Automotive',
  'Beauty, Spa and Salon',
  'Clothing and Apparel',
  'Education',
  'Entertainment',
  'Event Planning and Service',
  'Finance and Banking',
  'Food and Grocery',
  'Public Service',
  'Hotel and Lodging',
  'Medical and Health',
  'Non-profit',
  'Professional Services',
  'Shopping and Retail',
  'Travel and Transportation',
  'Restaurant',
  'Other',
] as const;

/** Meta's limits on the WhatsApp business profile (name ≤ 512 in the API; about ≤ 139). */
export const PROFILE_ABOUT_MAX = 139;

export const senderProfileInputSchema = z
  .object({
    name: z.string().trim().min(1).max(512).optional(),
    about: z.string().trim().max(PROFILE_ABOUT_MAX).optional(),
    description: z.string().trim().max(512).optional(),
    vertical: z.enum(SENDER_VERTICALS).optional(),
  })
  .strict();

export const connectSenderInputSchema = z
  .object({
    agentId: z.uuid(),
    wabaId: wabaIdSchema,
    /** The embedded sign-up's code; not needed by Twilio, accepted and ignored. */
    code: z.string().max(2048).optional(),
    /** Overrides of what the server derives from the agent (name, about, vertical). */
    profile: senderProfileInputSchema.optional(),
  })
  .strict();
export type ConnectSenderInput = z.infer<typeof connectSenderInputSchema>;

export const agentIdInputSchema = z.object({ agentId: z.uuid() }).strict();

/** `POST whatsapp-senders/verify`: the code WhatsApp sent to the sender's number (4 to 8 digits). */
export const verifySenderInputSchema = z
  .object({
    agentId: z.uuid(),
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{4,8}$/, { error: 'The verification code is 4 to 8 digits.' }),
  })
  .strict();
export type VerifySenderInput = z.infer<typeof verifySenderInputSchema>;

/** Twilio 63101: it cannot reach the WABA (not shared with Twilio, Solution ID missing, or another account's). */
export const WABA_INACCESSIBLE_TWILIO_CODE = 63101;
export const WABA_INACCESSIBLE_MESSAGE =
  'Twilio cannot access this WhatsApp Business Account: during the Meta sign-up it must be shared with Twilio, and it must not be linked to another Twilio account. Run the sign-up again, or check the WhatsApp Business Account in Meta Business Manager.';
export const VERIFICATION_CODE_REJECTED_MESSAGE =
  'This verification code was not accepted. Check the code and try again.';

/** The sender state the function answers (connect, status, disconnect) and the card draws. */
export const senderStateSchema = z.object({
  connected: z.boolean(),
  senderId: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  wabaId: z.string().nullable(),
  status: z.string().nullable(),
  businessStatus: z.enum(BUSINESS_STATUSES).nullable(),
  qualityRating: z.string().nullable(),
  messagingLimits: z.string().nullable(),
  offlineReasons: z.array(z.object({ code: z.string().nullable(), message: z.string() })),
  lastStatusCheck: z.string().nullable(),
  ready: z.boolean(),
});
export type SenderState = z.infer<typeof senderStateSchema>;

export const DISCONNECTED_SENDER: SenderState = {
  connected: false,
  senderId: null,
  phoneNumber: null,
  wabaId: null,
  status: null,
  businessStatus: null,
  qualityRating: null,
  messagingLimits: null,
  offlineReasons: [],
  lastStatusCheck: null,
  ready: false,
};

export function senderStateOf(enabled: boolean, config: StoredSenderConfig | null): SenderState {
  if (!enabled || !config) return DISCONNECTED_SENDER;
  return {
    connected: true,
    senderId: config.sender_id,
    phoneNumber: config.phone_number,
    wabaId: config.waba_id,
    status: config.status,
    businessStatus: config.business_info.status,
    qualityRating: config.quality_rating,
    messagingLimits: config.messaging_limits,
    offlineReasons: config.offline_reasons,
    lastStatusCheck: config.last_status_check,
    ready: senderReady({ enabled, status: config.status }),
  };
}

/** WhatsApp connects only once the agent has a phone number assigned. */
export const NUMBER_REQUIRED_MESSAGE = 'A phone number must be assigned to this agent before connecting WhatsApp.';

// ---- Meta's embedded sign-up -------------------------------------------------

/** The Facebook JS SDK version the sign-up runs with. */
export const FACEBOOK_SDK_VERSION = 'v23.0';
export const DEFAULT_FACEBOOK_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
/** What the sign-up tells Meta: French as the messaging language, customer support as the use case. */
export const EMBEDDED_SIGNUP_EXTRAS = {
  setup: {},
  featureType: '',
  sessionInfoVersion: '3',
  messagingPrimaryLanguage: 'fr_FR',
  useCase: 'customer_support',
} as const;

/**
 * FB.login's `extras` for a sign-up. With Twilio as the Tech Provider the flow must carry Twilio's
 * Partner Solution ID in `setup.solutionID`: without it the WABA is not shared
 * with Twilio and creating the sender fails with 63101.
 */
export function embeddedSignupExtras(twilioSolutionId?: string | null) {
  return {
    ...EMBEDDED_SIGNUP_EXTRAS,
    setup: twilioSolutionId ? { solutionID: twilioSolutionId } : {},
  };
}

export const EMBEDDED_SIGNUP_EVENTS = ['FINISH', 'FINISH_ONLY_WABA', 'CANCEL', 'ERROR'] as const;
export type EmbeddedSignupEvent = (typeof EMBEDDED_SIGNUP_EVENTS)[number];

const signupMessageSchema = z.object({
  type: z.literal('WA_EMBEDDED_SIGNUP'),
  event: z.string(),
  data: z
    .object({
      waba_id: z.string().optional(),
      phone_number_id: z.string().optional(),
      business_id: z.string().optional(),
      current_step: z.string().optional(),
      error_message: z.string().optional(),
    })
    .loose()
    .optional(),
});

export type EmbeddedSignupMessage =
  | { event: 'FINISH' | 'FINISH_ONLY_WABA'; wabaId: string | null }
  | { event: 'CANCEL'; step: string | null }
  | { event: 'ERROR'; message: string | null };

/**
 * A `message` event's data as the embedded sign-up posts it (a JSON string, sometimes an object), or
 * null for anything else (other posts happen on the page). Other FINISH_* variants count as FINISH.
 */
export function parseEmbeddedSignupMessage(raw: unknown): EmbeddedSignupMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = signupMessageSchema.safeParse(value);
  if (!parsed.success) return null;
  const { event, data } = parsed.data;
  if (event === 'CANCEL') return { event, step: data?.current_step ?? null };
  if (event === 'ERROR') return { event, message: data?.error_message ?? null };
  if (event.startsWith('FINISH')) {
    const waba = wabaIdSchema.safeParse(data?.waba_id ?? '');
    return {
      event: event === 'FINISH_ONLY_WABA' ? 'FINISH_ONLY_WABA' : 'FINISH',
      wabaId: waba.success ? waba.data : null,
    };
  }
  return null;
}

/**
 * Where a sign-up message may come from: Facebook's own pages (https, facebook.com or a subdomain),
 * or the origin of a configured SDK that is not Facebook's (a self-hosted or test SDK).
 */
export function isEmbeddedSignupOrigin(origin: string, sdkUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' && (url.hostname === 'facebook.com' || url.hostname.endsWith('.facebook.com'))) {
    return true;
  }
  const sdk = facebookSdkOrigin(sdkUrl);
  return sdk !== null && !sdk.endsWith('.facebook.net') && url.origin === sdk;
}

/**
 * The origin of a Facebook SDK URL (CONCIERGE_FACEBOOK_SDK_URL), the only script origin the console's
 * CSP adds for it; null when it is not an http(s) URL without credentials (it goes into a header).
 */
export function facebookSdkOrigin(sdkUrl: string): string | null {
  const match = /^(https?):\/\/([A-Za-z0-9.-]+(?::[0-9]{1,5})?)(?:[/?#]|$)/i.exec(sdkUrl.trim());
  return match ? `${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}` : null;
}

/**
 * The embedded sign-up's settings (README "Configuration"), read from the environment of whoever
 * serves the console (npm start, a static build, the desktop app): CONCIERGE_FACEBOOK_APP_ID and
 * CONCIERGE_FACEBOOK_CONFIG_ID (the Facebook Login for Business configuration) and the SDK's URL
 * CONCIERGE_FACEBOOK_SDK_URL (default Meta's), and CONCIERGE_TWILIO_SOLUTION_ID (Twilio's Partner
 * Solution ID, sent in the sign-up's extras; optional). Public values: they go into the console's runtime
 * config and the SDK's origin into its CSP. Null (sign-up "not configured", no Facebook script
 * allowed) without both ids; malformed values throw, so a server refuses to start with them.
 */
export interface FacebookSignupSettings {
  facebookAppId: string;
  facebookConfigId: string;
  facebookSdkUrl: string;
  /** CONCIERGE_TWILIO_SOLUTION_ID: Twilio's Partner Solution ID for the sign-up (digits), when set. */
  twilioSolutionId?: string;
}

export function facebookSignupSettings(
  env: Readonly<Record<string, string | undefined>>,
): FacebookSignupSettings | null {
  const appId = env.CONCIERGE_FACEBOOK_APP_ID?.trim();
  const configId = env.CONCIERGE_FACEBOOK_CONFIG_ID?.trim();
  if (!appId || !configId) return null;
  const sdkUrl = env.CONCIERGE_FACEBOOK_SDK_URL?.trim() || DEFAULT_FACEBOOK_SDK_URL;
  if (!facebookSdkOrigin(sdkUrl)) throw new Error(`CONCIERGE_FACEBOOK_SDK_URL must be an http(s) URL: ${sdkUrl}`);
  if (!/^[0-9]{1,32}$/.test(appId) || !/^[0-9]{1,32}$/.test(configId)) {
    throw new Error('CONCIERGE_FACEBOOK_APP_ID and CONCIERGE_FACEBOOK_CONFIG_ID must be digits');
  }
  const solutionId = env.CONCIERGE_TWILIO_SOLUTION_ID?.trim();
  if (solutionId && !/^[0-9]{1,32}$/.test(solutionId)) {
    throw new Error('CONCIERGE_TWILIO_SOLUTION_ID must be digits');
  }
  return {
    facebookAppId: appId,
    facebookConfigId: configId,
    facebookSdkUrl: sdkUrl,
    ...(solutionId ? { twilioSolutionId: solutionId } : {}),
  };
}

/** Facebook hosts the SDK frames and calls (Meta's CSP guidance for the JS SDK). */
export const FACEBOOK_FRAME_SOURCES = ['https://www.facebook.com', 'https://*.facebook.com'] as const;
export const FACEBOOK_CONNECT_SOURCES = ['https://*.facebook.com', 'https://graph.facebook.com'] as const;
