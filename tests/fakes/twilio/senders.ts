/**
 * Twilio sub-accounts and the WhatsApp Senders API v2 on the fake:
 *   POST   api       /2010-04-01/Accounts.json            create a sub-account (main account only):
 *                                                        {sid, auth_token, friendly_name, owner_account_sid, status}
 *   GET    api       /2010-04-01/Accounts/{AC}.json       fetch; POST with Status=closed closes it (the
 *                                                        main account only; closing is final)
 *   POST   messaging /v2/Channels/Senders                 JSON, snake_case; `sender_id` and `profile.name`
 *                                                        required (and, from a sub-account,
 *                                                        `configuration.account_type: "ISVSubAccount"`,
 *                                                        else 400); one sender per number → 409
 *   GET    messaging /v2/Channels/Senders?Channel=…       list the caller's senders
 *   GET    messaging /v2/Channels/Senders/{XE}            fetch: the status walks on (see below)
 *   POST   messaging /v2/Channels/Senders/{XE}            update; `configuration.verification_code` verifies
 *                                                        a PENDING_VERIFICATION sender: the plan's code →
 *                                                        VERIFYING, any other → 400 (Twilio's error shape)
 *   DELETE messaging /v2/Channels/Senders/{XE}            204 (`failNextDeletes` answers 500 instead)
 * A sub-account authenticates with its own SID and token (server.addAccount); a sender belongs to the
 * account whose credentials created it and is visible to it and to the main account only.
 *
 * Status walk: a new sender is CREATING and becomes the plan's final status (ONLINE by default;
 * OFFLINE with offline_reasons, or any other) once it has been fetched `afterFetches` times or
 * `afterMs` have passed on the injectable clock, whichever comes first. `planNext` sets the plan of
 * the next sender, `setStatus` moves one at once, `clock.advance` moves time.
 * With `verificationCode` in the plan the number is not the account's own: at that moment it goes to
 * PENDING_VERIFICATION instead, and after the right code VERIFYING, then (with `review`) TWILIO_REVIEW,
 * then the final status, one fetch each. `failNextCreate` refuses the next create with a Twilio
 * error (e.g. 63101, Twilio cannot access the WABA).
 */
import type { FakeTwilioServer, TwilioRequest, TwilioResponse } from './server.ts';
import { twilioError } from './server.ts';

export interface FakeSubAccount {
  sid: string;
  authToken: string;
  friendlyName: string;
  status: 'active' | 'suspended' | 'closed';
}

export interface SenderPlan {
  final: string;
  /** Fetches while CREATING before the final status (default 1: the first poll sees it). */
  afterFetches?: number;
  /** Or this long on the clock after creation. */
  afterMs?: number;
  qualityRating?: string;
  messagingLimit?: string;
  offlineReasons?: { code: string; message: string }[];
  /** The number needs the owner's code (sent by SMS/voice): PENDING_VERIFICATION until it is posted. */
  verificationCode?: string;
  /** After VERIFYING, a fetch in TWILIO_REVIEW before the final status. */
  review?: boolean;
}

export interface FakeSender {
  sid: string;
  accountSid: string;
  senderId: string;
  status: string;
  configuration: Record<string, unknown>;
  webhook: Record<string, unknown>;
  profile: Record<string, unknown>;
  createdAt: number;
  fetches: number;
  plan: Required<Pick<SenderPlan, 'final'>> & SenderPlan;
  deleted: boolean;
  /** The account whose credentials deleted it. */
  deletedBy: string | null;
}

export interface FakeSenders {
  subAccounts(): FakeSubAccount[];
  /** Every sender ever created (deleted ones flagged), oldest first. */
  all(): FakeSender[];
  bySenderId(senderId: string): FakeSender | undefined;
  /** The plan of the next sender created (then back to the default: ONLINE after one fetch). */
  planNext(plan: SenderPlan): void;
  setStatus(sid: string, status: string): void;
  /** Fails the next `count` fetches with a 500 (a failed poll). */
  failNextFetches(count: number): void;
  /** Fails the next `count` deletes with a 500. */
  failNextDeletes(count: number): void;
  /** Refuses the next sender create with this Twilio error (status, code, message). */
  failNextCreate(error: { status: number; code: number; message: string }): void;
  /** The verification codes posted to senders, in order. */
  verificationAttempts(): { sid: string; code: string; accepted: boolean }[];
  clock: { now(): number; advance(ms: number): void };
}

const DEFAULT_PLAN: SenderPlan = {
  final: 'ONLINE',
  afterFetches: 1,
  qualityRating: 'HIGH',
  messagingLimit: '1K Customers/24hr',
};
const SENDERS = '/v2/Channels/Senders';

export function installSenders(server: FakeTwilioServer): FakeSenders {
  const subAccounts = new Map<string, FakeSubAccount>();
  const senders = new Map<string, FakeSender>();
  let nextPlan: SenderPlan | null = null;
  let failures = 0;
  let deleteFailures = 0;
  let createFailure: { status: number; code: number; message: string } | null = null;
  const attempts: { sid: string; code: string; accepted: boolean }[] = [];
  let offset = 0;
  const clock = { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };

  const accountJson = (a: FakeSubAccount) => ({
    sid: a.sid,
    auth_token: a.authToken,
    friendly_name: a.friendlyName,
    owner_account_sid: server.accountSid,
    status: a.status,
    type: 'Full',
    uri: `/2010-04-01/Accounts/${a.sid}.json`,
  });

  /**
   * CREATING until the plan's moment, then its final status (kept once reached), or
   * PENDING_VERIFICATION when the plan wants a code; once verified, one fetch each in VERIFYING
   * (and TWILIO_REVIEW with `review`) before the final status.
   */
  const walk = (s: FakeSender) => {
    if (s.status === 'VERIFYING') {
      s.status = s.plan.review ? 'TWILIO_REVIEW' : s.plan.final;
      return;
    }
    if (s.status === 'TWILIO_REVIEW') {
      s.status = s.plan.final;
      return;
    }
    if (s.status !== 'CREATING') return;
    const byFetches = s.plan.afterFetches !== undefined && s.fetches >= s.plan.afterFetches;
    const byTime = s.plan.afterMs !== undefined && clock.now() - s.createdAt >= s.plan.afterMs;
    if (byFetches || byTime) s.status = s.plan.verificationCode ? 'PENDING_VERIFICATION' : s.plan.final;
  };

  const senderJson = (s: FakeSender) => {
    const online = s.status === 'ONLINE';
    return {
      sid: s.sid,
      status: s.status,
      sender_id: s.senderId,
      configuration: { waba_id: null, verification_method: null, verification_code: null, ...s.configuration },
      webhook: s.webhook,
      profile: { emails: [], websites: [], phone_numbers: [], ...s.profile },
      properties: online
        ? { quality_rating: s.plan.qualityRating ?? null, messaging_limit: s.plan.messagingLimit ?? null }
        : { quality_rating: null, messaging_limit: null },
      offline_reasons:
        s.status === 'OFFLINE'
          ? (s.plan.offlineReasons ?? [{ code: '63020', message: 'Meta invitation not accepted' }]).map((r) => ({
              ...r,
              more_info: `https://www.twilio.com/docs/errors/${r.code}`,
            }))
          : null,
      compliance: null,
      url: `https://messaging.twilio.com${SENDERS}/${s.sid}`,
    };
  };

  /** The sender when the caller may see it (its account, or the main account). */
  const visible = (request: TwilioRequest, sid: string): FakeSender | null => {
    const s = senders.get(sid);
    if (!s || s.deleted) return null;
    return s.accountSid === request.username || request.username === server.accountSid ? s : null;
  };

  server.route('api', 'POST', '/2010-04-01/Accounts.json', (request) => {
    if (request.username !== server.accountSid) return twilioError(403, 20005, 'Sub-accounts cannot create accounts');
    const account: FakeSubAccount = {
      sid: server.sid('AC'),
      authToken: server.sid('').slice(0, 32),
      friendlyName: request.form.get('FriendlyName') ?? 'Sub-account',
      status: 'active',
    };
    subAccounts.set(account.sid, account);
    server.addAccount(account.sid, account.authToken);
    return { status: 201, body: accountJson(account) };
  });

  server.route('api', 'GET', '/2010-04-01/Accounts/:account.json', (_request, { account = '' }) => {
    const found = subAccounts.get(account);
    return found ? { status: 200, body: accountJson(found) } : twilioError(404, 20404, 'Account not found');
  });

  server.route('api', 'POST', '/2010-04-01/Accounts/:account.json', (request, { account = '' }) => {
    const found = subAccounts.get(account);
    if (!found) return twilioError(404, 20404, 'Account not found');
    if (request.username !== server.accountSid) {
      return twilioError(403, 20005, 'Only the main account changes a sub-account’s status');
    }
    if (found.status === 'closed') return twilioError(400, 20001, 'A closed account cannot be changed');
    const status = request.form.get('Status');
    if (status === 'closed' || status === 'suspended' || status === 'active') found.status = status;
    return { status: 200, body: accountJson(found) };
  });

  server.route('messaging', 'POST', SENDERS, (request): TwilioResponse => {
    const body = (request.json ?? {}) as Record<string, unknown>;
    const senderId = typeof body.sender_id === 'string' ? body.sender_id : '';
    if (!/^whatsapp:\+[1-9][0-9]{6,14}$/.test(senderId)) {
      return twilioError(400, 20001, 'Invalid sender_id: expected whatsapp:+E164');
    }
    const profile = (body.profile ?? {}) as Record<string, unknown>;
    if (typeof profile.name !== 'string' || profile.name.trim() === '') {
      return twilioError(400, 20001, 'profile.name is required for WhatsApp senders');
    }
    if (createFailure) {
      const failure = createFailure;
      createFailure = null;
      return twilioError(failure.status, failure.code, failure.message);
    }
    const configuration = (body.configuration ?? {}) as Record<string, unknown>;
    // An ISV creating a sender on one of its sub-accounts must say so.
    if (request.username !== server.accountSid && configuration.account_type !== 'ISVSubAccount') {
      return twilioError(400, 20001, 'configuration.account_type must be ISVSubAccount for a sub-account sender');
    }
    if ([...senders.values()].some((s) => !s.deleted && s.senderId === senderId)) {
      return twilioError(409, 63100, `A sender already exists for ${senderId}`);
    }
    // A plan on the clock alone does not inherit the default's fetch count.
    const plan = nextPlan
      ? {
          ...DEFAULT_PLAN,
          ...nextPlan,
          afterFetches: nextPlan.afterFetches ?? (nextPlan.afterMs === undefined ? 1 : undefined),
        }
      : DEFAULT_PLAN;
    nextPlan = null;
    const sender: FakeSender = {
      sid: server.sid('XE'),
      accountSid: request.username ?? '',
      senderId,
      status: 'CREATING',
      configuration,
      webhook: (body.webhook ?? {}) as Record<string, unknown>,
      profile,
      createdAt: clock.now(),
      fetches: 0,
      plan: plan as FakeSender['plan'],
      deleted: false,
      deletedBy: null,
    };
    senders.set(sender.sid, sender);
    return { status: 201, body: senderJson(sender) };
  });

  server.route('messaging', 'GET', SENDERS, (request) => {
    if (!request.query.get('Channel')) return twilioError(400, 20001, 'Channel is required');
    const mine = [...senders.values()].filter((s) => !s.deleted && visible(request, s.sid));
    mine.forEach(walk);
    return {
      status: 200,
      body: { senders: mine.map(senderJson), meta: { page: 0, page_size: 20, key: 'senders', next_page_url: null } },
    };
  });

  server.route('messaging', 'GET', `${SENDERS}/:sid`, (request, { sid = '' }) => {
    const s = visible(request, sid);
    if (!s) return twilioError(404, 20404, 'The requested resource was not found');
    if (failures > 0) {
      failures -= 1;
      return twilioError(500, 20500, 'Internal Server Error');
    }
    s.fetches += 1;
    walk(s);
    return { status: 200, body: senderJson(s) };
  });

  server.route('messaging', 'POST', `${SENDERS}/:sid`, (request, { sid = '' }) => {
    const s = visible(request, sid);
    if (!s) return twilioError(404, 20404, 'The requested resource was not found');
    const body = (request.json ?? {}) as Record<string, unknown>;
    const configuration = (body.configuration ?? {}) as Record<string, unknown>;
    const code = configuration.verification_code;
    if (code !== undefined) {
      // Twilio's own code for a refused OTP is not documented in our references: 20001 (invalid
      // parameter) in its usual error shape stands for it.
      if (s.status !== 'PENDING_VERIFICATION') {
        return twilioError(400, 20001, `Sender ${s.sid} is not pending verification (status ${s.status})`);
      }
      const accepted = typeof code === 'string' && code === s.plan.verificationCode;
      attempts.push({ sid: s.sid, code: String(code), accepted });
      if (!accepted) return twilioError(400, 20001, 'Invalid verification code');
      s.status = 'VERIFYING';
      return { status: 200, body: senderJson(s) };
    }
    if (body.webhook) s.webhook = { ...s.webhook, ...(body.webhook as Record<string, unknown>) };
    if (body.profile) s.profile = { ...s.profile, ...(body.profile as Record<string, unknown>) };
    if (body.configuration) s.configuration = { ...s.configuration, ...configuration };
    return { status: 200, body: senderJson(s) };
  });

  server.route('messaging', 'DELETE', `${SENDERS}/:sid`, (request, { sid = '' }) => {
    const s = visible(request, sid);
    if (!s) return twilioError(404, 20404, 'The requested resource was not found');
    if (deleteFailures > 0) {
      deleteFailures -= 1;
      return twilioError(500, 20500, 'Internal Server Error');
    }
    s.deleted = true;
    s.deletedBy = request.username;
    return { status: 204 };
  });

  return {
    subAccounts: () => [...subAccounts.values()],
    all: () => [...senders.values()],
    bySenderId: (senderId) => [...senders.values()].reverse().find((s) => s.senderId === senderId),
    planNext(plan) {
      nextPlan = plan;
    },
    setStatus(sid, status) {
      const s = senders.get(sid);
      if (!s) throw new Error(`no sender ${sid}`);
      s.status = status;
    },
    failNextFetches(count) {
      failures = count;
    },
    failNextDeletes(count) {
      deleteFailures = count;
    },
    failNextCreate(error) {
      createFailure = error;
    },
    verificationAttempts: () => [...attempts],
    clock,
  };
}
