/**
 * Twilio's Messages and Content resources as WhatsApp uses them, and Twilio's side of a WhatsApp
 * conversation's webhooks (signed with the sending account's token, like Twilio):
 *   POST …/Accounts/{AC}/Messages.json                    a send: recorded (every field), 201 queued,
 *                                                         or the error `failNextSend` queued up
 *   GET  …/Accounts/{AC}/Messages/{MM}/Media/{ME}         an inbound message's media (Basic auth)
 *   GET  content /v1/ContentAndApprovals                  the account's templates with their approval
 * Drivers: `inbound(kind, …)` posts a golden payload (golden/*.json: text, voice note, image) to
 * `${webhookBaseUrl}/whatsapp-webhook/inbound`; `status(sid, status, error?)` posts a status callback
 * (golden status payloads) to the message's StatusCallback; `autoStatuses` walks every send through
 * queued → sent → delivered → read (or e.g. ['failed:63016']) by itself.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { FakeTwilioServer, SentWebhook } from './server.ts';
import { twilioError } from './server.ts';

export interface SentMessage {
  sid: string;
  account: string;
  from: string;
  to: string;
  body: string | null;
  mediaUrls: string[];
  contentSid: string | null;
  contentVariables: string | null;
  statusCallback: string | null;
  /** performance.now() when the request arrived (benchmarks). */
  at: number;
}

export interface FakeTemplate {
  sid: string;
  friendlyName: string;
  language: string;
  body: string;
  variables: Record<string, string>;
  status: 'approved' | 'pending' | 'rejected';
}

export type InboundKind = 'text' | 'voice-note' | 'image';

export interface InboundOptions {
  from: string;
  to: string;
  body?: string;
  profileName?: string;
  messageSid?: string;
  /** The account the sender lives on (default the main account). */
  account?: { sid: string; authToken: string };
  /** Media bytes served for a voice note or image (default a few bytes). */
  media?: Uint8Array;
  signature?: string;
  idempotencyToken?: string;
}

export interface FakeMessages {
  /** The functions' public base Twilio posts to (`…/functions/v1`). */
  webhookBaseUrl: string;
  sent: SentMessage[];
  templates: FakeTemplate[];
  /** Statuses sent by themselves after every send (null: none); `failed:63016` carries an error code. */
  autoStatuses: string[] | null;
  /** Media downloads served, by media SID. */
  downloads: Map<string, number>;
  failNextSend(code: number, message: string, status?: number): void;
  addTemplate(template: Omit<FakeTemplate, 'sid'>): FakeTemplate;
  inbound(kind: InboundKind, options: InboundOptions): Promise<SentWebhook & { messageSid: string }>;
  status(sid: string, status: string, error?: { code: number; message: string }): Promise<SentWebhook>;
  /** Resolves with the first send (already made or coming) matching `match`. */
  waitForSend(match: (message: SentMessage) => boolean, timeoutMs?: number): Promise<SentMessage>;
}

const GOLDEN = new URL('./golden/', import.meta.url);

/** A golden payload with its {{placeholders}} filled. */
export function goldenPayload(name: string, values: Record<string, string>): Record<string, string> {
  const raw = JSON.parse(readFileSync(new URL(`${name}.json`, GOLDEN), 'utf8')) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key,
      value.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? ''),
    ]),
  );
}

export function installMessages(server: FakeTwilioServer): FakeMessages {
  const sent: SentMessage[] = [];
  const templates: FakeTemplate[] = [];
  const media = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const downloads = new Map<string, number>();
  const failures: { code: number; message: string; status: number }[] = [];
  const waiters: { match: (message: SentMessage) => boolean; resolve: (message: SentMessage) => void }[] = [];
  const tokens = new Map<string, string>([[server.accountSid, server.authToken]]);

  server.route('api', 'POST', '/2010-04-01/Accounts/:account/Messages.json', (request, params) => {
    const failure = failures.shift();
    if (failure) return twilioError(failure.status, failure.code, failure.message);
    const form = request.form;
    const message: SentMessage = {
      sid: server.sid('SM'),
      account: params.account!,
      from: form.get('From') ?? '',
      to: form.get('To') ?? '',
      body: form.get('Body'),
      mediaUrls: form.getAll('MediaUrl'),
      contentSid: form.get('ContentSid'),
      contentVariables: form.get('ContentVariables'),
      statusCallback: form.get('StatusCallback'),
      at: performance.now(),
    };
    if (!message.to || !message.from) return twilioError(400, 21604, "A 'To' phone number is required.");
    if (!message.body && message.mediaUrls.length === 0 && !message.contentSid) {
      return twilioError(400, 21619, 'A text message body or media urls must be specified.');
    }
    sent.push(message);
    for (const waiter of waiters.splice(0)) {
      if (waiter.match(message)) waiter.resolve(message);
      else waiters.push(waiter);
    }
    if (driver.autoStatuses) {
      const walk = [...driver.autoStatuses];
      setTimeout(() => {
        void (async () => {
          for (const step of walk) {
            const [status, code] = step.split(':');
            await driver.status(
              message.sid,
              status!,
              code ? { code: Number(code), message: `error ${code}` } : undefined,
            );
          }
        })().catch(() => {});
      }, 5);
    }
    return {
      status: 201,
      body: {
        sid: message.sid,
        account_sid: message.account,
        from: message.from,
        to: message.to,
        body: message.body ?? '',
        status: 'queued',
        num_media: String(message.mediaUrls.length),
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        error_code: null,
        error_message: null,
        uri: `/2010-04-01/Accounts/${message.account}/Messages/${message.sid}.json`,
      },
    };
  });

  server.route('api', 'GET', '/2010-04-01/Accounts/:account/Messages/:message/Media/:media', (_request, params) => {
    const file = media.get(params.media!);
    if (!file) return twilioError(404, 20404, 'The requested resource was not found');
    downloads.set(params.media!, (downloads.get(params.media!) ?? 0) + 1);
    return { status: 200, bytes: file.bytes, contentType: file.contentType };
  });

  server.route('content', 'GET', '/v1/ContentAndApprovals', () => ({
    status: 200,
    body: {
      contents: templates.map((template) => ({
        sid: template.sid,
        account_sid: server.accountSid,
        friendly_name: template.friendlyName,
        language: template.language,
        variables: template.variables,
        types: { 'twilio/text': { body: template.body } },
        approval_requests: { name: template.friendlyName, category: 'UTILITY', status: template.status },
        date_created: new Date().toISOString(),
        date_updated: new Date().toISOString(),
      })),
      meta: {
        page: 0,
        page_size: 500,
        first_page_url: 'https://content.twilio.com/v1/ContentAndApprovals?PageSize=500&Page=0',
        previous_page_url: null,
        url: 'https://content.twilio.com/v1/ContentAndApprovals?PageSize=500&Page=0',
        next_page_url: null,
        key: 'contents',
      },
    },
  }));

  const driver: FakeMessages = {
    webhookBaseUrl: '',
    sent,
    templates,
    autoStatuses: null,
    downloads,
    failNextSend(code, message, status = 400) {
      failures.push({ code, message, status });
    },
    addTemplate(template) {
      const added = { ...template, sid: server.sid('HX') };
      templates.push(added);
      return added;
    },
    async inbound(kind, options) {
      const account = options.account ?? { sid: server.accountSid, authToken: server.authToken };
      tokens.set(account.sid, account.authToken);
      const messageSid = options.messageSid ?? server.sid(kind === 'text' ? 'SM' : 'MM');
      const mediaSid = server.sid('ME');
      if (kind !== 'text') {
        media.set(mediaSid, {
          bytes: options.media ?? new Uint8Array([79, 103, 103, 83, 0, 2]),
          contentType: kind === 'voice-note' ? 'audio/ogg' : 'image/jpeg',
        });
      }
      const params = goldenPayload(`inbound-${kind}`, {
        MessageSid: messageSid,
        AccountSid: account.sid,
        From: options.from,
        To: options.to,
        WaId: options.from.replace(/^\+/, ''),
        MediaSid: mediaSid,
      });
      if (options.body !== undefined) params.Body = options.body;
      if (options.profileName !== undefined) params.ProfileName = options.profileName;
      const answer = await server.sendWebhook(`${driver.webhookBaseUrl}/whatsapp-webhook/inbound`, params, {
        authToken: account.authToken,
        signature: options.signature,
        idempotencyToken: options.idempotencyToken,
      });
      return { ...answer, messageSid };
    },
    async status(sid, status, error) {
      const message = sent.find((candidate) => candidate.sid === sid);
      const account = message?.account ?? server.accountSid;
      const params = goldenPayload(error ? 'status-failed-63016' : 'status-delivered', {
        MessageSid: sid,
        AccountSid: account,
        From: (message?.from ?? '').replace(/^whatsapp:/, ''),
        To: (message?.to ?? '').replace(/^whatsapp:/, ''),
        WaId: (message?.to ?? '').replace(/^whatsapp:\+?/, ''),
      });
      params.MessageStatus = status;
      params.SmsStatus = status;
      if (error) {
        params.ErrorCode = String(error.code);
        params.ErrorMessage = error.message;
      }
      const url = message?.statusCallback ?? `${driver.webhookBaseUrl}/whatsapp-webhook/status`;
      return server.sendWebhook(url, params, { authToken: tokens.get(account) ?? server.authToken });
    },
    waitForSend(match, timeoutMs = 10_000) {
      const found = sent.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching WhatsApp send')), timeoutMs);
        waiters.push({
          match,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      });
    },
  };
  return driver;
}
