import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_SENDER_STATUSES, SENDER_STATUSES, type StoredSenderConfig } from '@contracts/whatsapp.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { agentWithNumber, type PhoneAgent } from '../phone/support.ts';
import { serviceRow, startCast, type Actor, type Cast, accessTokenOf } from '../security/support/actors.ts';
import { connectSender, eventually, givePack, waNumber } from './support.ts';

/**
 * The server follows WhatsApp senders itself: the stack's own scheduler runs
 * `POST /whatsapp-senders/sweep` (every 300 ms here, 30 s in the product) and nobody opens the
 * Deploy page. Each sender is fetched on its own cadence (30 s while CREATING, 60 s otherwise),
 * kept in `config.next_status_check`; "time passes" below moves that stored time back and the fake
 * Senders API's clock forward by the same amount, so both clocks agree without waiting a minute.
 */
let twilio: FakeTwilio;
let cast: Cast;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({
    functionEnv: { ...twilio.env, AI_PROVIDER: 'offline' },
    env: { ...process.env, CONCIERGE_WHATSAPP_SENDER_SWEEP_MS: '300' },
    schedule: true,
  });
  twilio.messages.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
}, 120_000);
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

/** The owner connects WhatsApp on Deploy, once; the page is then closed (no /status call ever). */
async function connect(owner: Actor, agentId: string): Promise<string> {
  const response = await fetch(`${cast.stack.url}/functions/v1/whatsapp-senders/connect`, {
    method: 'POST',
    headers: {
      apikey: cast.stack.anonKey,
      authorization: `Bearer ${await accessTokenOf(owner.client)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ agentId, wabaId: '1234567890', code: 'meta-code' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { senderId: string }).senderId;
}

const stored = async (agentId: string) =>
  (await serviceRow<{ config: StoredSenderConfig }>(cast.service, 'agent_integrations', {
    agent_id: agentId,
    kind: 'whatsapp_business',
  }))!.config;

/** How long after its last check the sender is polled next (its stored cadence). */
const cadenceOf = (config: StoredSenderConfig) =>
  Date.parse(config.next_status_check!) - Date.parse(config.last_status_check);

/** `ms` pass: on the fake Senders API's clock, and for the sender's stored next poll. */
async function timePasses(agentId: string, ms: number): Promise<void> {
  twilio.senders.clock.advance(ms);
  const next = new Date(Date.parse((await stored(agentId)).next_status_check!) - ms).toISOString();
  await cast.stack.db.query(
    `update public.agent_integrations set config = jsonb_set(config, '{next_status_check}', to_jsonb($2::text))
      where agent_id = $1 and kind = 'whatsapp_business'`,
    [agentId, next],
  );
}

const fetchesOf = (senderId: string) => twilio.senders.all().find((s) => s.sid === senderId)!.fetches;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ownerWithNumber(label: string): Promise<{ owner: Actor } & PhoneAgent> {
  const owner = await cast.newUser(label);
  await givePack(cast.service, owner.id, -1);
  const agent = await agentWithNumber(cast.service, owner, { name: 'Wanda', default_language: 'en_US' });
  return { owner, ...agent };
}

describe('the scheduled sender sweep', () => {
  it('with no console open, a new sender goes ONLINE on its own and its first message is answered', async () => {
    const { owner, agentId, number } = await ownerWithNumber('unattended');
    // Meta takes a minute: CREATING until 60 s have passed on the Senders API's clock.
    twilio.senders.planNext({ final: 'ONLINE', afterMs: 60_000, qualityRating: 'HIGH', messagingLimit: '1K' });
    const senderId = await connect(owner, agentId);
    const sub = twilio.senders.subAccounts().at(-1)!;
    const user = waNumber();
    const inbound = () =>
      twilio.messages.inbound('text', {
        from: user,
        to: number,
        body: 'Are you open?',
        account: { sid: sub.sid, authToken: sub.authToken },
      });
    expect((await inbound()).status).toBe(404);

    // Not due for 30 s: the sweeps running meanwhile leave Twilio alone.
    expect(cadenceOf(await stored(agentId))).toBe(30_000);
    await pause(1200);
    expect(fetchesOf(senderId)).toBe(0);

    // 30 s: polled, still CREATING, next poll 30 s later.
    await timePasses(agentId, 30_000);
    await eventually(async () => fetchesOf(senderId) === 1);
    const creating = await eventually(async () => {
      const config = await stored(agentId);
      return cadenceOf(config) === 30_000 && Date.parse(config.next_status_check!) > Date.now() ? config : null;
    });
    expect(creating.status).toBe('CREATING');

    // 60 s: ONLINE, active, with its limits; followed every minute from then on.
    await timePasses(agentId, 30_000);
    const online = await eventually(async () => {
      const config = await stored(agentId);
      return config.status === 'ONLINE' ? config : null;
    });
    expect(online).toMatchObject({
      quality_rating: 'HIGH',
      messaging_limits: '1K',
      business_info: { status: 'active' },
    });
    expect(cadenceOf(online)).toBe(60_000);
    expect(fetchesOf(senderId)).toBe(2);

    const answer = await inbound();
    expect(answer.status).toBe(200);
    const reply = await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
    expect(reply.from).toBe(`whatsapp:${number}`);
    expect(reply.account).toBe(sub.sid);
  });

  it('an ONLINE sender that goes OFFLINE stops being answered; ONLINE:UPDATING is answered', async () => {
    const { owner, agentId, number } = await ownerWithNumber('watched');
    const senderId = await connect(owner, agentId);
    const sub = twilio.senders.subAccounts().at(-1)!;
    const account = { sid: sub.sid, authToken: sub.authToken };
    await timePasses(agentId, 30_000);
    await eventually(async () => (await stored(agentId)).status === 'ONLINE');

    twilio.senders.setStatus(senderId, 'OFFLINE');
    await timePasses(agentId, 60_000);
    const offline = await eventually(async () => {
      const config = await stored(agentId);
      return config.status === 'OFFLINE' ? config : null;
    });
    expect(offline.business_info.status).toBe('rejected');
    expect(offline.offline_reasons).toEqual([{ code: '63020', message: 'Meta invitation not accepted' }]);
    const refused = await twilio.messages.inbound('text', { from: waNumber(), to: number, account });
    expect(refused.status).toBe(404);

    // Twilio applying a profile change to a live sender: it still sends and receives.
    twilio.senders.setStatus(senderId, 'ONLINE:UPDATING');
    await timePasses(agentId, 60_000);
    const updating = await eventually(async () => {
      const config = await stored(agentId);
      return config.status === 'ONLINE:UPDATING' ? config : null;
    });
    expect(updating.business_info.status).toBe('active');
    const user = waNumber();
    expect((await twilio.messages.inbound('text', { from: user, to: number, account })).status).toBe(200);
    await twilio.messages.waitForSend((m) => m.to === `whatsapp:${user}`);
  });

  it('a failed poll is retried 60 s later; a sender deleted at Twilio is settled in ERROR and no longer polled', async () => {
    const { owner, agentId } = await ownerWithNumber('flaky-sweep');
    const senderId = await connect(owner, agentId);
    twilio.senders.failNextFetches(1);
    await timePasses(agentId, 30_000);
    const retry = await eventually(async () => {
      const config = await stored(agentId);
      return config.status === 'CREATING' && Date.parse(config.next_status_check!) > Date.now() + 50_000
        ? config
        : null;
    });
    // The claim's 60 s stands: the failure stored nothing else.
    expect(Date.parse(retry.next_status_check!) - Date.now()).toBeLessThanOrEqual(60_000);
    await timePasses(agentId, 60_000);
    await eventually(async () => (await stored(agentId)).status === 'ONLINE');

    // Someone deletes the sender in Twilio's console.
    twilio.senders.all().find((s) => s.sid === senderId)!.deleted = true;
    await timePasses(agentId, 60_000);
    const gone = await eventually(async () => {
      const config = await stored(agentId);
      return config.status === 'ERROR' ? config : null;
    });
    expect(gone.next_status_check).toBeUndefined();
    const requests = twilio.requests.filter((r) => r.path.includes(senderId)).length;
    await pause(1200);
    expect(twilio.requests.filter((r) => r.path.includes(senderId))).toHaveLength(requests);
  });

  it('only the service role runs the sweep or claims polls', async () => {
    const sweep = await fetch(`${cast.stack.url}/functions/v1/whatsapp-senders/sweep`, {
      method: 'POST',
      headers: { apikey: cast.stack.anonKey, authorization: `Bearer ${await accessTokenOf(cast.owner.client)}` },
    });
    expect(sweep.status).toBe(403);
    for (const client of [cast.anon, cast.owner.client, cast.admin.client]) {
      expect((await client.rpc('claim_whatsapp_sender_polls', { max_senders: 5 })).error).not.toBeNull();
    }
  });
});

describe('which sender statuses receive messages', () => {
  it('Postgres accepts exactly the statuses the contract calls online', async () => {
    const owner = await cast.newUser('statuses');
    await givePack(cast.service, owner.id, -1);
    const agent = await agentWithNumber(cast.service, owner, { name: 'Wanda' });
    for (const status of SENDER_STATUSES) {
      // Not at the fake Twilio: connectSender schedules its next poll an hour away, so the sweep leaves it alone.
      await connectSender(cast.service, owner.id, agent, { status });
      const user = waNumber();
      const answer = await twilio.messages.inbound('text', { from: user, to: agent.number });
      expect([status, answer.status]).toEqual([
        status,
        (ONLINE_SENDER_STATUSES as readonly string[]).includes(status) ? 200 : 404,
      ]);
    }
    // The accepted ones were answered.
    await eventually(
      async () =>
        twilio.messages.sent.filter((m) => m.from === `whatsapp:${agent.number}`).length ===
        ONLINE_SENDER_STATUSES.length,
    );
  });
});
