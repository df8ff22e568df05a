import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUMBER_REQUIRED_MESSAGE, type SenderState } from '../../../supabase/functions/_shared/contracts/whatsapp.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { agentWithNumber } from '../phone/support.ts';
import {
  attemptDelete,
  attemptInsert,
  attemptUpdate,
  serviceInsert,
  serviceRow,
  startCast,
  visibleRows,
  type Actor,
  type Cast,
  accessTokenOf,
} from '../security/support/actors.ts';

/**
 * The `whatsapp-senders` function against the fake Twilio: a sub-account per agent
 * whose credentials only the server reads, the sender created with them and our webhook URLs, its
 * status transitions as polls report them, disconnect, and the sender state no client role can write.
 */
const HOOKS = 'https://hooks.example.test/functions/v1';
let twilio: FakeTwilio;
let cast: Cast;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({ functionEnv: { ...twilio.env, TWILIO_WEBHOOK_BASE_URL: HOOKS } });
});
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

async function call(
  who: Actor | 'anon',
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const token = who === 'anon' ? cast.stack.anonKey : await accessTokenOf(who.client);
  const response = await fetch(`${cast.stack.url}/functions/v1/whatsapp-senders${path}`, {
    method,
    headers: { apikey: cast.stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, text };
}

const errorOf = (answer: { body: Record<string, unknown> }) => answer.body.error as { code: string; message: string };
const connect = (who: Actor, agentId: string, wabaId = '1234567890') =>
  call(who, 'POST', '/connect', { agentId, wabaId, code: 'meta-code' });
const status = (who: Actor, agentId: string) => call(who, 'GET', `/status?agentId=${agentId}`);

/** A fresh owner with an agent (company name and website set) answering a new number. */
async function ownerWithNumber(label: string) {
  const owner = await cast.newUser(label);
  const agent = await agentWithNumber(cast.service, owner, {
    name: 'Front desk',
    company_name: 'Acme Bakery',
    website: 'https://acme.example',
    email: 'hello@acme.example',
  });
  return { owner, ...agent };
}

describe('connecting a sender', () => {
  it('creates a sub-account, keeps its credentials server-side, and creates the sender with them', async () => {
    const { owner, agentId, number } = await ownerWithNumber('connector');
    const before = twilio.senders.subAccounts().length;
    const answer = await connect(owner, agentId);
    expect(answer.status).toBe(201);
    const state = answer.body as unknown as SenderState;
    expect(state).toMatchObject({
      connected: true,
      phoneNumber: number,
      wabaId: '1234567890',
      status: 'CREATING',
      businessStatus: 'pending',
      ready: false,
    });

    const subs = twilio.senders.subAccounts();
    expect(subs).toHaveLength(before + 1);
    const sub = subs.at(-1)!;
    expect(sub.friendlyName).toBe(`Concierge agent ${agentId}`);
    const secrets = await serviceRow<{ whatsapp_account_sid: string; whatsapp_auth_token: string }>(
      cast.service,
      'agent_secrets',
      { agent_id: agentId },
    );
    expect(secrets).toMatchObject({ whatsapp_account_sid: sub.sid, whatsapp_auth_token: sub.authToken });
    // The browser never sees the sub-account's token (nor its SID).
    expect(answer.text).not.toContain(sub.authToken);
    expect(answer.text).not.toContain(sub.sid);

    const sender = twilio.senders.bySenderId(`whatsapp:${number}`)!;
    expect(sender.sid).toBe(state.senderId);
    expect(sender.accountSid).toBe(sub.sid);
    expect(sender.webhook).toEqual({
      callback_url: `${HOOKS}/whatsapp-webhook/inbound`,
      callback_method: 'POST',
      status_callback_url: `${HOOKS}/whatsapp-webhook/status`,
      status_callback_method: 'POST',
    });
    expect(sender.configuration).toEqual({ waba_id: '1234567890', account_type: 'ISVSubAccount' });
    expect(sender.profile).toMatchObject({
      name: 'Acme Bakery',
      vertical: 'Other',
      websites: [{ website: 'https://acme.example', label: 'Website' }],
      emails: [{ email: 'hello@acme.example', label: 'Email' }],
    });
    // The create went out with the sub-account's credentials, not the platform's.
    const create = twilio.requests.filter((r) => r.host === 'messaging' && r.method === 'POST').at(-1)!;
    expect(create.username).toBe(sub.sid);

    const row = await serviceRow<{ enabled: boolean; config: Record<string, unknown>; connected_at: string | null }>(
      cast.service,
      'agent_integrations',
      { agent_id: agentId, kind: 'whatsapp_business' },
    );
    expect(row).toMatchObject({
      enabled: true,
      config: { sender_id: sender.sid, phone_number: number, status: 'CREATING' },
    });
    expect(row?.connected_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(sub.authToken);

    expect(errorOf(await connect(owner, agentId))).toMatchObject({ code: 'whatsapp_already_connected' });
  });

  it('needs a number assigned to the agent (409 with the number-required message) before anything is created at Twilio', async () => {
    const owner = await cast.newUser('numberless');
    const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: owner.id, name: 'No number' });
    const requests = twilio.requests.length;
    const answer = await connect(owner, agent.id);
    expect(answer.status).toBe(409);
    expect(errorOf(answer)).toEqual({ code: 'whatsapp_number_required', message: NUMBER_REQUIRED_MESSAGE });
    expect(twilio.requests).toHaveLength(requests);
  });

  it("answers 404 for another owner's agent, on every route, and 401 without a session", async () => {
    const { agentId } = await ownerWithNumber('victim');
    const requests = twilio.requests.length;
    for (const answer of [
      await connect(cast.otherOwner, agentId),
      await status(cast.otherOwner, agentId),
      await call(cast.otherOwner, 'POST', '/disconnect', { agentId }),
      // Admins too: integrations belong to the owner.
      await connect(cast.admin, agentId),
    ]) {
      expect(answer.status).toBe(404);
      expect(errorOf(answer).code).toBe('agent_not_found');
    }
    expect(twilio.requests).toHaveLength(requests);
    expect((await call('anon', 'POST', '/connect', { agentId, wabaId: '1' })).status).toBe(401);
  });

  it('refuses malformed input with 400', async () => {
    const { owner, agentId } = await ownerWithNumber('malformed');
    for (const body of [
      { agentId, wabaId: 'abc' },
      { agentId: 'not-a-uuid', wabaId: '1' },
      { agentId, wabaId: '1', profile: { vertical: 'Casino' } },
      { agentId, wabaId: '1', accountSid: 'AC1' },
    ]) {
      const answer = await call(owner, 'POST', '/connect', body);
      expect(answer.status).toBe(400);
      expect(errorOf(answer).code).toBe('invalid_request');
    }
    expect((await call(owner, 'GET', '/status?agentId=nope')).status).toBe(400);
  });
});

describe('following the status', () => {
  it('CREATING → ONLINE stores the limits and quality, makes the business active and ready', async () => {
    const { owner, agentId } = await ownerWithNumber('online');
    twilio.senders.planNext({ final: 'ONLINE', afterFetches: 2, qualityRating: 'MEDIUM', messagingLimit: '10K' });
    await connect(owner, agentId);
    expect((await status(owner, agentId)).body).toMatchObject({ status: 'CREATING', ready: false });
    const online = (await status(owner, agentId)).body;
    expect(online).toMatchObject({
      status: 'ONLINE',
      qualityRating: 'MEDIUM',
      messagingLimits: '10K',
      businessStatus: 'active',
      ready: true,
    });
    const row = await serviceRow<{ config: Record<string, unknown> }>(cast.service, 'agent_integrations', {
      agent_id: agentId,
      kind: 'whatsapp_business',
    });
    expect(row?.config).toMatchObject({
      status: 'ONLINE',
      quality_rating: 'MEDIUM',
      messaging_limits: '10K',
      business_info: { status: 'active', display_name: 'Acme Bakery' },
    });
  });

  it('OFFLINE rejects the business with the reasons for the setup notice', async () => {
    const { owner, agentId } = await ownerWithNumber('offline');
    twilio.senders.planNext({
      final: 'OFFLINE',
      afterFetches: 1,
      offlineReasons: [{ code: '63020', message: 'Meta invitation not accepted' }],
    });
    await connect(owner, agentId);
    expect((await status(owner, agentId)).body).toMatchObject({
      status: 'OFFLINE',
      businessStatus: 'rejected',
      offlineReasons: [{ code: '63020', message: 'Meta invitation not accepted' }],
      ready: false,
    });
  });

  it('a failed poll answers an error and leaves the stored state as it was', async () => {
    const { owner, agentId } = await ownerWithNumber('flaky');
    await connect(owner, agentId);
    twilio.senders.failNextFetches(1);
    const failed = await status(owner, agentId);
    expect(failed.status).toBe(502);
    expect(errorOf(failed).code).toBe('provider_error');
    const row = await serviceRow<{ config: { status: string } }>(cast.service, 'agent_integrations', {
      agent_id: agentId,
      kind: 'whatsapp_business',
    });
    expect(row?.config.status).toBe('CREATING');
    expect((await status(owner, agentId)).body).toMatchObject({ status: 'ONLINE' });
  });

  it('a sender that walks on the clock goes ONLINE once its time has passed', async () => {
    const { owner, agentId } = await ownerWithNumber('clocked');
    twilio.senders.planNext({ final: 'ONLINE', afterMs: 60_000 });
    await connect(owner, agentId);
    expect((await status(owner, agentId)).body).toMatchObject({ status: 'CREATING' });
    twilio.senders.clock.advance(60_000);
    expect((await status(owner, agentId)).body).toMatchObject({ status: 'ONLINE' });
  });

  it('an agent without a sender answers "not connected"', async () => {
    const { owner, agentId } = await ownerWithNumber('idle');
    expect((await status(owner, agentId)).body).toMatchObject({ connected: false, status: null, ready: false });
  });
});

describe('disconnecting', () => {
  it('deletes the sender at Twilio, clears the state, and a new connection reuses the sub-account', async () => {
    const { owner, agentId, number } = await ownerWithNumber('leaver');
    const first = (await connect(owner, agentId)).body as unknown as SenderState;
    const subs = twilio.senders.subAccounts().length;
    const answer = await call(owner, 'POST', '/disconnect', { agentId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ connected: false, senderId: null });
    expect(twilio.senders.all().find((s) => s.sid === first.senderId)?.deleted).toBe(true);
    const row = await serviceRow<{ enabled: boolean; config: unknown; disconnected_at: string | null }>(
      cast.service,
      'agent_integrations',
      { agent_id: agentId, kind: 'whatsapp_business' },
    );
    expect(row).toMatchObject({ enabled: false, config: {} });
    expect(row?.disconnected_at).not.toBeNull();
    expect((await status(owner, agentId)).body).toMatchObject({ connected: false });

    const again = await connect(owner, agentId);
    expect(again.status).toBe(201);
    expect(twilio.senders.subAccounts()).toHaveLength(subs);
    expect(twilio.senders.bySenderId(`whatsapp:${number}`)?.deleted).toBe(false);
  });
});

describe('who can read and write the sender state', () => {
  it('only the owner reads it; no client role can write it; the secrets are read by nobody but the server', async () => {
    const { owner, agentId } = await ownerWithNumber('guarded');
    await connect(owner, agentId);
    const match = { agent_id: agentId, kind: 'whatsapp_business' };
    expect(await visibleRows(owner.client, 'agent_integrations', match)).toHaveLength(1);
    for (const client of [cast.otherOwner.client, cast.admin.client]) {
      expect(await visibleRows(client, 'agent_integrations', match)).toEqual([]);
    }
    expect(await visibleRows(cast.anon, 'agent_integrations', match)).toBeNull();

    // The owner cannot mark their sender ONLINE, move it, switch it off or delete its row.
    for (const patch of [
      { config: { sender_id: 'XE0', phone_number: '+15550000000', status: 'ONLINE' } },
      { enabled: false },
    ]) {
      expect(await attemptUpdate(owner.client, 'agent_integrations', patch, match)).toBe(0);
    }
    expect(await attemptDelete(owner.client, 'agent_integrations', match)).toBe(0);
    for (const client of [cast.otherOwner.client, cast.admin.client, cast.anon]) {
      expect(await attemptUpdate(client, 'agent_integrations', { enabled: false }, match)).toBe(0);
      expect(await attemptDelete(client, 'agent_integrations', match)).toBe(0);
    }
    const fresh = await cast.newUser('self-connector');
    const own = await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: fresh.id, name: 'Mine' });
    expect(
      await attemptInsert(fresh.client, 'agent_integrations', {
        agent_id: own.id,
        user_id: fresh.id,
        kind: 'whatsapp_business',
        enabled: true,
        config: { status: 'ONLINE' },
      }),
    ).toBe(false);
    // Nor turn another kind into this one.
    expect(
      await attemptUpdate(
        owner.client,
        'agent_integrations',
        { kind: 'whatsapp_business' },
        { agent_id: agentId, kind: 'virtual_business_card' },
      ),
    ).toBe(0);
    expect(await serviceRow(cast.service, 'agent_integrations', match)).toMatchObject({ enabled: true });

    for (const client of [cast.anon, owner.client, cast.otherOwner.client, cast.admin.client]) {
      expect(await visibleRows(client, 'agent_secrets', { agent_id: agentId })).toBeNull();
    }
    // Nor the number's old free-form WhatsApp column.
    expect(
      await attemptUpdate(
        owner.client,
        'phone_number_assignments',
        { whatsapp: { status: 'ONLINE' } },
        { agent_id: agentId },
      ),
    ).toBe(0);
  });

  it('the owner can still delete an agent whose WhatsApp is connected', async () => {
    const { owner, agentId } = await ownerWithNumber('deleter');
    await connect(owner, agentId);
    expect(await attemptDelete(owner.client, 'agents', { id: agentId })).toBe(1);
    expect(
      await serviceRow(cast.service, 'agent_integrations', { agent_id: agentId, kind: 'whatsapp_business' }),
    ).toBeNull();
  });
});

describe('deleting an agent or its owner cleans up WhatsApp at Twilio', () => {
  /** Calls the phone-numbers function, which processes the release queue (as the console and the scheduler do). */
  const releases = async (token: string, path: '/releases' | '/releases/sweep') => {
    const response = await fetch(`${cast.stack.url}/functions/v1/phone-numbers${path}`, {
      method: 'POST',
      headers: { apikey: cast.stack.anonKey, authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const credentialsOf = async (releaseId: string) =>
    (
      await cast.stack.db.query('select account_sid from private.twilio_release_credentials where release_id = $1', [
        releaseId,
      ])
    ).rows;
  type Release = {
    id: string;
    kind: string;
    sender_sid: string | null;
    phone_number: string | null;
    user_id: string | null;
    reason: string;
    released_at: string | null;
  };

  it('the owner deletes the agent: its sender is deleted, its sub-account closed, its secrets gone', async () => {
    const { owner, agentId, number } = await ownerWithNumber('wa-remover');
    const connected = (await connect(owner, agentId)).body as unknown as SenderState;
    const secrets = await serviceRow<{ whatsapp_account_sid: string }>(cast.service, 'agent_secrets', {
      agent_id: agentId,
    });
    const subSid = secrets!.whatsapp_account_sid;
    expect(twilio.senders.subAccounts().find((a) => a.sid === subSid)?.status).toBe('active');

    expect(await attemptDelete(owner.client, 'agents', { id: agentId })).toBe(1);
    expect(await serviceRow(cast.service, 'agent_secrets', { agent_id: agentId })).toBeNull();
    const queued = await serviceRow<Release>(cast.service, 'phone_number_releases', { sender_sid: connected.senderId });
    expect(queued).toMatchObject({
      kind: 'whatsapp_sender',
      phone_number: number,
      user_id: owner.id,
      reason: 'agent_deleted',
      released_at: null,
    });
    // The owner reads their queue row, with no credential in it; nobody else reads it.
    const mine = (await visibleRows(owner.client, 'phone_number_releases', { id: queued!.id })) as Record<
      string,
      unknown
    >[];
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine)).not.toContain(subSid);
    expect(await visibleRows(cast.otherOwner.client, 'phone_number_releases', { id: queued!.id })).toEqual([]);
    expect(await credentialsOf(queued!.id)).toEqual([{ account_sid: subSid }]);
    // Only the server claims releases (they hand out the sub-account's token).
    for (const client of [cast.anon, owner.client, cast.admin.client]) {
      expect((await client.rpc('claim_twilio_releases', {})).error).not.toBeNull();
    }
    // Still live at Twilio until the release runs.
    expect(twilio.senders.all().find((s) => s.sid === connected.senderId)?.deleted).toBe(false);

    // What the console does right after deleting an agent.
    const answer = await releases(await accessTokenOf(owner.client), '/releases');
    // The agent's number and its WhatsApp, through the same queue.
    expect(answer).toMatchObject({ status: 200, body: { released: 2, failed: 0 } });
    // The sender with the sub-account's own credentials (it lives there), then the sub-account closed.
    expect(twilio.senders.all().find((s) => s.sid === connected.senderId)).toMatchObject({
      deleted: true,
      deletedBy: subSid,
    });
    expect(twilio.senders.subAccounts().find((a) => a.sid === subSid)?.status).toBe('closed');
    expect(await serviceRow(cast.service, 'phone_number_releases', { id: queued!.id })).toMatchObject({
      released_at: expect.any(String),
    });
    expect(await credentialsOf(queued!.id)).toEqual([]);
  });

  it('an admin deletes the user: the scheduler’s sweep deletes the sender and closes the sub-account', async () => {
    const { owner, agentId } = await ownerWithNumber('wa-deleted-user');
    const connected = (await connect(owner, agentId)).body as unknown as SenderState;
    const subSid = (await serviceRow<{ whatsapp_account_sid: string }>(cast.service, 'agent_secrets', {
      agent_id: agentId,
    }))!.whatsapp_account_sid;
    // Earlier tests' releases go first, so that the failure below is this one's.
    expect((await releases(cast.stack.serviceRoleKey, '/releases/sweep')).body).toMatchObject({ failed: 0 });
    const deleted = await cast.admin.client.rpc('admin_delete_user', { user_id: owner.id });
    expect(deleted.error).toBeNull();
    const queued = await serviceRow<Release>(cast.service, 'phone_number_releases', { sender_sid: connected.senderId });
    expect(queued).toMatchObject({ kind: 'whatsapp_sender', user_id: null, reason: 'user_deleted', released_at: null });

    // A failed release keeps the credentials for the next sweep.
    twilio.senders.failNextDeletes(1);
    expect((await releases(cast.stack.serviceRoleKey, '/releases/sweep')).body).toMatchObject({ failed: 1 });
    expect(await credentialsOf(queued!.id)).toHaveLength(1);
    expect(twilio.senders.subAccounts().find((a) => a.sid === subSid)?.status).toBe('active');
    // The failure backs the release off (20261126160200); the service role brings its turn forward.
    const backedOff = await serviceRow<Release & { next_attempt_at: string }>(cast.service, 'phone_number_releases', {
      id: queued!.id,
    });
    expect(Date.parse(backedOff!.next_attempt_at)).toBeGreaterThan(Date.now());
    expect((await releases(cast.stack.serviceRoleKey, '/releases/sweep')).body).toMatchObject({
      released: 0,
      failed: 0,
    });
    await cast.service
      .from('phone_number_releases')
      .update({ claimed_until: null, next_attempt_at: new Date().toISOString() })
      .eq('id', queued!.id);

    const second = await releases(cast.stack.serviceRoleKey, '/releases/sweep');
    expect(second.body).toMatchObject({ failed: 0 });
    expect(twilio.senders.all().find((s) => s.sid === connected.senderId)?.deleted).toBe(true);
    expect(twilio.senders.subAccounts().find((a) => a.sid === subSid)?.status).toBe('closed');
    expect(await credentialsOf(queued!.id)).toEqual([]);
  });

  it('an agent that never connected WhatsApp queues nothing', async () => {
    const { owner, agentId } = await ownerWithNumber('wa-never');
    expect(await attemptDelete(owner.client, 'agents', { id: agentId })).toBe(1);
    const { data } = await cast.service
      .from('phone_number_releases')
      .select('id')
      .eq('kind', 'whatsapp_sender')
      .eq('user_id', owner.id);
    expect(data).toEqual([]);
  });
});
