import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_NUMBER_MESSAGE } from '../../../supabase/functions/_shared/contracts/phone.ts';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import {
  serviceRow,
  startCast,
  visibleRows,
  type Actor,
  type Cast,
  accessTokenOf,
} from '../security/support/actors.ts';

/**
 * The `phone-numbers` function against the fake Twilio and the SQL behind it: the
 * one-number rule refused before Twilio is called, webhook URLs set on a bought number, ownership
 * re-derived, releases at Twilio (also when an agent is deleted), addresses and caller IDs scoped to
 * their creator, RLS per role on the new tables and RPCs.
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
  method: string,
  path: string,
  body?: unknown,
  stack: TestStack = cast.stack,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = who === 'anon' ? stack.anonKey : await accessTokenOf(who.client);
  const response = await fetch(`${stack.url}/functions/v1/phone-numbers${path}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const errorCode = (answer: { body: Record<string, unknown> }) => (answer.body.error as { code?: string })?.code;
const errorMessage = (answer: { body: Record<string, unknown> }) =>
  (answer.body.error as { message?: string })?.message;

/** An agent of `actor`, written with the service role (the Free pack allows one agent per owner). */
async function agentOf(actor: Actor, name: string): Promise<string> {
  const { data, error } = await cast.service
    .from('agents')
    .insert({ user_id: actor.id, name })
    .select('id')
    .single<{ id: string }>();
  if (error) throw error;
  return data.id;
}

function twilioRequests(method: string, pathPart: string) {
  return twilio.requests.filter((r) => r.method === method && r.path.includes(pathPart));
}

describe('searching numbers', () => {
  it('answers the first five with a locality, with capabilities read case-insensitively', async () => {
    const answer = await call(cast.owner, 'GET', '/search?country=US');
    expect(answer.status).toBe(200);
    const numbers = answer.body.numbers as { phoneNumber: string; locality: string; capabilities: unknown }[];
    expect(numbers).toHaveLength(5);
    expect(numbers.every((n) => n.locality !== '')).toBe(true);
    // The seed's third number of each area code has no locality: it is never offered.
    expect(numbers.map((n) => n.phoneNumber)).not.toContain('+14155550102');
    expect(numbers[0]).toEqual({
      phoneNumber: '+14155550100',
      locality: 'San Francisco',
      region: 'CA',
      addressRequirements: 'none',
      capabilities: { voice: true, sms: true, mms: true },
    });
  });

  it('filters by area code and only for the supported countries', async () => {
    const answer = await call(cast.owner, 'GET', '/search?country=US&areaCode=212');
    expect((answer.body.numbers as { phoneNumber: string }[]).every((n) => n.phoneNumber.startsWith('+1212'))).toBe(
      true,
    );
    expect(twilioRequests('GET', '/AvailablePhoneNumbers/US/Local.json').at(-1)?.query.get('AreaCode')).toBe('212');
    expect((await call(cast.owner, 'GET', '/search?country=FR')).status).toBe(400);
    expect((await call(cast.owner, 'GET', '/search?country=US&areaCode=41a')).status).toBe(400);
    expect((await call('anon', 'GET', '/search?country=US')).status).toBe(401);
  });
});

describe('buying and releasing', () => {
  it('buys with our webhook URLs, assigns to the agent, then refuses a second number before calling Twilio', async () => {
    const buyer = await cast.newUser('buyer');
    const agentId = await agentOf(buyer, 'Front desk');
    const bought = await call(buyer, 'POST', '/buy', { phoneNumber: '+14155550101', countryCode: 'US', agentId });
    expect(bought.status).toBe(201);
    const atTwilio = twilio.numbers.ownedNumber('+14155550101');
    expect(atTwilio).toMatchObject({
      voiceUrl: `${HOOKS}/twilio-voice/incoming`,
      voiceMethod: 'POST',
      statusCallback: `${HOOKS}/twilio-voice/status`,
      statusCallbackMethod: 'POST',
    });
    const row = await serviceRow<{ user_id: string; provider_sid: string; locality: string; country_code: string }>(
      cast.service,
      'phone_numbers',
      { id: bought.body.id },
    );
    expect(row).toMatchObject({ user_id: buyer.id, provider_sid: atTwilio!.sid, locality: 'San Francisco' });
    expect(await serviceRow(cast.service, 'phone_number_assignments', { agent_id: agentId })).toMatchObject({
      phone_number_id: bought.body.id,
    });

    const purchasesBefore = twilioRequests('POST', '/IncomingPhoneNumbers.json').length;
    const lookupsBefore = twilio.requests.length;
    const second = await call(buyer, 'POST', '/buy', { phoneNumber: '+14155550103', countryCode: 'US' });
    expect(second.status).toBe(409);
    expect(errorCode(second)).toBe('number_limit_reached');
    expect(errorMessage(second)).toBe(ONE_NUMBER_MESSAGE);
    expect(twilioRequests('POST', '/IncomingPhoneNumbers.json')).toHaveLength(purchasesBefore);
    expect(twilio.requests).toHaveLength(lookupsBefore);

    const released = await call(buyer, 'POST', '/release', { phoneNumberId: bought.body.id });
    expect(released.status).toBe(200);
    expect(twilioRequests('DELETE', `/IncomingPhoneNumbers/${atTwilio!.sid}.json`)).toHaveLength(1);
    expect(twilio.numbers.ownedNumber('+14155550101')).toBeUndefined();
    expect(await serviceRow(cast.service, 'phone_numbers', { id: bought.body.id })).toBeNull();
    // Released: the owner may buy again.
    expect((await call(buyer, 'POST', '/buy', { phoneNumber: '+14155550103', countryCode: 'US' })).status).toBe(201);
  });

  it("refuses another owner's agent, another owner's number, and a number not for sale", async () => {
    const buyer = await cast.newUser('forger');
    const theirAgent = await agentOf(cast.otherOwner, 'Not yours');
    const forged = await call(buyer, 'POST', '/buy', {
      phoneNumber: '+14155550104',
      countryCode: 'US',
      agentId: theirAgent,
    });
    expect(forged.status).toBe(404);
    expect(errorCode(forged)).toBe('agent_not_found');
    expect(twilio.numbers.ownedNumber('+14155550104')).toBeUndefined();

    const forUser = await call(buyer, 'POST', '/buy', {
      phoneNumber: '+14155550104',
      countryCode: 'US',
      forUserId: cast.otherOwner.id,
    });
    expect(forUser.status).toBe(403);

    const unknown = await call(buyer, 'POST', '/buy', { phoneNumber: '+14155559999', countryCode: 'US' });
    expect(unknown.status).toBe(409);
    expect(errorCode(unknown)).toBe('number_unavailable');
    // Claiming a US number as Canadian is refused too: the number is looked up in that country.
    expect((await call(buyer, 'POST', '/buy', { phoneNumber: '+14155550104', countryCode: 'CA' })).status).toBe(409);

    const mine = await call(buyer, 'POST', '/buy', { phoneNumber: '+14155550104', countryCode: 'US' });
    expect(mine.status).toBe(201);
    const stolen = await call(cast.otherOwner, 'POST', '/release', { phoneNumberId: mine.body.id });
    expect(stolen.status).toBe(404);
    expect(twilio.numbers.ownedNumber('+14155550104')).toBeDefined();
    expect((await call(buyer, 'POST', '/buy', { phoneNumber: 'not a number', countryCode: 'US' })).status).toBe(400);
  });

  it('an admin buys several numbers and buys for a user, which is audited', async () => {
    const user = await cast.newUser('gifted');
    const agentId = await agentOf(user, 'Gifted agent');
    const gift = await call(cast.admin, 'POST', '/buy', {
      phoneNumber: '+12125550200',
      countryCode: 'US',
      forUserId: user.id,
      agentId,
    });
    expect(gift.status).toBe(201);
    expect(await serviceRow(cast.service, 'phone_numbers', { id: gift.body.id })).toMatchObject({ user_id: user.id });
    const { data: audit } = await cast.admin.client
      .from('admin_audit_log')
      .select('actor_id, action, target_id')
      .eq('target_id', gift.body.id as string);
    expect(audit).toEqual([{ actor_id: cast.admin.id, action: 'phone_number.buy_for_user', target_id: gift.body.id }]);

    expect((await call(cast.admin, 'POST', '/buy', { phoneNumber: '+12125550201', countryCode: 'US' })).status).toBe(
      201,
    );
    expect((await call(cast.admin, 'POST', '/buy', { phoneNumber: '+12125550203', countryCode: 'US' })).status).toBe(
      201,
    );
  });

  it('a purchase that loses the one-number race is released at Twilio again', async () => {
    const user = await cast.newUser('racer');
    // Between the reservation and the record, the hold lapses and another number lands for the user.
    twilio.numbers.beforePurchase(async () => {
      await cast.stack.db.query(
        `update private.phone_number_purchase_holds set expires_at = now() - interval '1 second' where user_id = $1`,
        [user.id],
      );
      const other = await cast.service.from('phone_numbers').insert({ phone_number: '+15557770001', user_id: user.id });
      if (other.error) throw other.error;
    });
    try {
      const lost = await call(user, 'POST', '/buy', { phoneNumber: '+14165550200', countryCode: 'CA' });
      expect(lost.status).toBe(409);
      expect(errorMessage(lost)).toBe(ONE_NUMBER_MESSAGE);
    } finally {
      twilio.numbers.beforePurchase(null);
    }
    expect(twilioRequests('POST', '/IncomingPhoneNumbers.json').at(-1)?.form.get('PhoneNumber')).toBe('+14165550200');
    expect(twilio.numbers.ownedNumber('+14165550200')).toBeUndefined();
    expect(await serviceRow(cast.service, 'phone_numbers', { phone_number: '+14165550200' })).toBeNull();
  });

  it('two parallel purchases by one owner buy one number at Twilio; the other is refused first', async () => {
    const user = await cast.newUser('twice');
    const purchasesBefore = twilioRequests('POST', '/IncomingPhoneNumbers.json').length;
    // Twilio takes its time: the second request arrives while the first is being bought.
    twilio.numbers.beforePurchase(() => new Promise((resolve) => setTimeout(resolve, 400)));
    let answers: { status: number; body: Record<string, unknown> }[];
    try {
      answers = await Promise.all([
        call(user, 'POST', '/buy', { phoneNumber: '+12125550205', countryCode: 'US' }),
        call(user, 'POST', '/buy', { phoneNumber: '+12125550206', countryCode: 'US' }),
      ]);
    } finally {
      twilio.numbers.beforePurchase(null);
    }
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(errorMessage(answers.find((a) => a.status === 409)!)).toBe(ONE_NUMBER_MESSAGE);
    expect(twilioRequests('POST', '/IncomingPhoneNumbers.json')).toHaveLength(purchasesBefore + 1);
    expect(await visibleRows(user.client, 'phone_numbers', { user_id: user.id })).toHaveLength(1);
  });

  it('a purchase that buys nothing leaves no hold: the owner may buy at once', async () => {
    const user = await cast.newUser('retry');
    const refused = await call(user, 'POST', '/buy', { phoneNumber: '+14165550201', countryCode: 'US' });
    expect(refused.status).toBe(409);
    expect(errorCode(refused)).toBe('number_unavailable');
    expect((await call(user, 'POST', '/buy', { phoneNumber: '+14165550201', countryCode: 'CA' })).status).toBe(201);
  });

  it('an owner cannot move their number to the pool and buy again (release_phone_number is the server’s)', async () => {
    const user = await cast.newUser('looper');
    const bought = await call(user, 'POST', '/buy', { phoneNumber: '+16045550101', countryCode: 'CA' });
    expect(bought.status).toBe(201);
    const pooled = await user.client.rpc('release_phone_number', { phone_number_id: bought.body.id });
    expect(pooled.error?.code).toBe('42501');
    expect(await serviceRow(cast.service, 'phone_numbers', { id: bought.body.id })).toMatchObject({ user_id: user.id });
    expect((await call(user, 'POST', '/buy', { phoneNumber: '+16045550103', countryCode: 'CA' })).status).toBe(409);
  });

  it('an admin releasing another user’s number is audited; an owner releasing their own is not', async () => {
    const user = await cast.newUser('audited');
    const mine = await call(user, 'POST', '/buy', { phoneNumber: '+16045550104', countryCode: 'CA' });
    expect((await call(user, 'POST', '/release', { phoneNumberId: mine.body.id })).status).toBe(200);
    const theirs = await call(user, 'POST', '/buy', { phoneNumber: '+16045550105', countryCode: 'CA' });
    // The release record is the server's, and re-checks its actor: another owner is not one.
    const forged = await cast.service.rpc('record_released_phone_number', {
      phone_number_id: theirs.body.id,
      actor_id: cast.otherOwner.id,
    });
    expect(forged.error?.message).toBe('Phone number not found');
    expect(await serviceRow(cast.service, 'phone_numbers', { id: theirs.body.id })).not.toBeNull();
    expect((await call(cast.admin, 'POST', '/release', { phoneNumberId: theirs.body.id })).status).toBe(200);
    expect(twilio.numbers.ownedNumber('+16045550105')).toBeUndefined();
    const { data: audit } = await cast.admin.client
      .from('admin_audit_log')
      .select('actor_id, action, target_id, before')
      .in('target_id', [mine.body.id as string, theirs.body.id as string]);
    expect(audit).toEqual([
      {
        actor_id: cast.admin.id,
        action: 'phone_number.release',
        target_id: theirs.body.id,
        before: { phone_number: '+16045550105', user_id: user.id },
      },
    ]);
    for (const actor of [cast.anon, cast.owner.client, cast.admin.client]) {
      const direct = await actor.rpc('record_released_phone_number', { phone_number_id: mine.body.id, actor_id: null });
      expect(direct.error).not.toBeNull();
      expect((await actor.rpc('reserve_phone_number_purchase', { owner_id: cast.owner.id })).error).not.toBeNull();
    }
  });

  it('releasing a number deletes its WhatsApp sender at Twilio and disconnects the agent’s WhatsApp', async () => {
    const user = await cast.newUser('wa-releaser');
    const { data: agent, error } = await cast.service
      .from('agents')
      .insert({ user_id: user.id, name: 'Wanda', company_name: 'Acme Bakery', website: 'https://acme.example' })
      .select('id')
      .single<{ id: string }>();
    if (error) throw error;
    const number = '+12125550277';
    twilio.numbers.addAvailable({
      phoneNumber: number,
      isoCountry: 'US',
      locality: 'New York',
      region: 'NY',
      addressRequirements: 'none',
    });
    const bought = await call(user, 'POST', '/buy', { phoneNumber: number, countryCode: 'US', agentId: agent.id });
    expect(bought.status).toBe(201);
    const connected = await fetch(`${cast.stack.url}/functions/v1/whatsapp-senders/connect`, {
      method: 'POST',
      headers: {
        apikey: cast.stack.anonKey,
        authorization: `Bearer ${await accessTokenOf(user.client)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ agentId: agent.id, wabaId: '1234567890', code: 'meta-code' }),
    });
    expect(connected.status).toBe(201);
    const sender = twilio.senders.bySenderId(`whatsapp:${number}`)!;
    expect(sender.deleted).toBe(false);

    expect((await call(user, 'POST', '/release', { phoneNumberId: bought.body.id })).status).toBe(200);
    // The sender is gone at the carrier, deleted by the account that owns it (the agent's sub-account).
    expect(twilio.senders.all().find((s) => s.sid === sender.sid)?.deleted).toBe(true);
    expect(twilioRequests('DELETE', `/Senders/${sender.sid}`).length).toBeGreaterThan(0);
    expect(twilio.numbers.ownedNumber(number)).toBeUndefined();
    const card = await serviceRow<{ enabled: boolean; config: unknown; disconnected_at: string | null }>(
      cast.service,
      'agent_integrations',
      { agent_id: agent.id, kind: 'whatsapp_business' },
    );
    expect(card).toMatchObject({ enabled: false, config: {} });
    expect(card?.disconnected_at).not.toBeNull();
  });

  it('deleting an agent releases its number at Twilio', async () => {
    const user = await cast.newUser('deleter');
    const agentId = await agentOf(user, 'Short-lived');
    const bought = await call(user, 'POST', '/buy', { phoneNumber: '+12125550204', countryCode: 'US', agentId });
    const sid = twilio.numbers.ownedNumber('+12125550204')!.sid;
    expect((await user.client.from('agents').delete().eq('id', agentId)).error).toBeNull();
    expect(await serviceRow(cast.service, 'phone_numbers', { id: bought.body.id })).toBeNull();
    expect(await visibleRows(user.client, 'phone_number_releases', { provider_sid: sid })).toHaveLength(1);
    expect(await visibleRows(cast.otherOwner.client, 'phone_number_releases', { provider_sid: sid })).toEqual([]);

    // Another owner's run does not touch it; the owner's does, once.
    expect((await call(cast.otherOwner, 'POST', '/releases')).body).toEqual({ released: 0, failed: 0 });
    expect(twilio.numbers.ownedNumber('+12125550204')).toBeDefined();
    expect((await call(user, 'POST', '/releases')).body).toEqual({ released: 1, failed: 0 });
    expect(twilio.numbers.ownedNumber('+12125550204')).toBeUndefined();
    expect((await call(user, 'POST', '/releases')).body).toEqual({ released: 0, failed: 0 });
    expect((await call(user, 'POST', '/releases/sweep')).status).toBe(403);
  });

  it('a release that keeps failing waits behind fresh ones, later after each failure', async () => {
    const user = await cast.newUser('stuck-release');
    const queue = (phone: string, requestedAgo: number) =>
      cast.service
        .from('phone_number_releases')
        .insert({
          user_id: user.id,
          phone_number: phone,
          provider_sid: `PN${phone.slice(1)}`,
          requested_at: new Date(Date.now() - requestedAgo * 1000).toISOString(),
        })
        .select('id')
        .single<{ id: string }>();
    const stuck = (await queue('+15550009001', 3600)).data!.id;
    const fresh = (await queue('+15550009002', 60)).data!.id;
    const claimOne = async () => {
      const { data, error } = await cast.service.rpc('claim_twilio_releases', { owner_id: user.id, max_releases: 1 });
      expect(error).toBeNull();
      return ((data ?? []) as { id: string }[]).map((row) => row.id);
    };
    const fail = async (id: string) =>
      expect(
        (await cast.service.rpc('finish_phone_number_release', { release_id: id, released: false, error: 'refused' }))
          .error,
      ).toBeNull();
    const nextAttempt = async (id: string) =>
      Date.parse((await serviceRow(cast.service, 'phone_number_releases', { id }))!.next_attempt_at as string);

    // Oldest first while nothing failed; its failure puts it back a minute, so the fresh one goes next.
    expect(await claimOne()).toEqual([stuck]);
    await fail(stuck);
    const firstRetry = await nextAttempt(stuck);
    expect(firstRetry - Date.now()).toBeGreaterThan(50_000);
    expect(await claimOne()).toEqual([fresh]);
    // Not due yet: nothing else to claim.
    expect(await claimOne()).toEqual([]);
    // Due again (service role moves the clock back), it fails again: the wait doubles.
    await cast.service
      .from('phone_number_releases')
      .update({ next_attempt_at: new Date().toISOString() })
      .eq('id', stuck);
    expect(await claimOne()).toEqual([stuck]);
    await fail(stuck);
    expect((await nextAttempt(stuck)) - Date.now()).toBeGreaterThan(110_000);
    // The owner still reads their queue, with the retry time and the error.
    expect(await visibleRows(user.client, 'phone_number_releases', { id: stuck })).toMatchObject([
      { attempts: 2, last_error: 'refused', released_at: null },
    ]);
  });

  it('claim_phone_number_releases (no caller since claim_twilio_releases) is gone for every role', async () => {
    for (const actor of [cast.service, cast.anon, cast.owner.client, cast.admin.client]) {
      const dropped = await actor.rpc('claim_phone_number_releases' as 'claim_twilio_releases', {});
      expect(dropped.error?.code).toBe('PGRST202');
    }
  });
});

describe('assigning numbers (assign_phone_number)', () => {
  it('moves a number between the owner’s agents; other owners, anon and foreign agents are refused', async () => {
    const user = await cast.newUser('mover');
    const first = await agentOf(user, 'First');
    const second = await agentOf(user, 'Second');
    const bought = await call(user, 'POST', '/buy', { phoneNumber: '+16045550100', countryCode: 'CA', agentId: first });
    const numberId = bought.body.id as string;
    expect(
      (await user.client.rpc('assign_phone_number', { phone_number_id: numberId, agent_id: second })).error,
    ).toBeNull();
    expect(await serviceRow(cast.service, 'phone_number_assignments', { phone_number_id: numberId })).toMatchObject({
      agent_id: second,
    });
    expect(await serviceRow(cast.service, 'phone_number_assignments', { agent_id: first })).toBeNull();

    const theirAgent = await agentOf(cast.otherOwner, 'Theirs');
    const foreignAgent = await user.client.rpc('assign_phone_number', {
      phone_number_id: numberId,
      agent_id: theirAgent,
    });
    expect(foreignAgent.error?.message).toBe('Agent not found');
    const foreignNumber = await cast.otherOwner.client.rpc('assign_phone_number', {
      phone_number_id: numberId,
      agent_id: theirAgent,
    });
    expect(foreignNumber.error?.message).toBe('Phone number not found');
    expect(
      (await cast.anon.rpc('assign_phone_number', { phone_number_id: numberId, agent_id: null })).error,
    ).not.toBeNull();

    // An admin may act for the owner, with the owner's agents only.
    expect(
      (await cast.admin.client.rpc('assign_phone_number', { phone_number_id: numberId, agent_id: first })).error,
    ).toBeNull();
    expect(await serviceRow(cast.service, 'phone_number_assignments', { phone_number_id: numberId })).toMatchObject({
      agent_id: first,
    });
    expect(
      (await user.client.rpc('assign_phone_number', { phone_number_id: numberId, agent_id: null })).error,
    ).toBeNull();
    expect(await serviceRow(cast.service, 'phone_number_assignments', { phone_number_id: numberId })).toBeNull();
  });

  it('the purchase RPCs and the release queue are the server’s only', async () => {
    for (const actor of [cast.anon, cast.owner.client, cast.admin.client]) {
      const quota = await actor.rpc('check_phone_number_quota', { owner_id: cast.owner.id });
      expect(quota.error).not.toBeNull();
      const record = await actor.rpc('record_purchased_phone_number', {
        owner_id: cast.owner.id,
        actor_id: cast.owner.id,
        phone_number: '+15550001111',
        provider_sid: 'PNforged',
      });
      expect(record.error).not.toBeNull();
      expect((await actor.rpc('claim_twilio_releases', {})).error).not.toBeNull();
      expect(
        (await actor.rpc('finish_phone_number_release', { release_id: cast.owner.id, released: true })).error,
      ).not.toBeNull();
      expect(
        (await actor.from('phone_number_releases').insert({ phone_number: '+15550001111', user_id: cast.owner.id }))
          .error,
      ).not.toBeNull();
      expect(
        (
          await actor
            .from('phone_provider_resources')
            .insert({ user_id: cast.owner.id, kind: 'caller_id', phone_number: '+15550001111' })
        ).error,
      ).not.toBeNull();
    }
    expect(await serviceRow(cast.service, 'phone_numbers', { phone_number: '+15550001111' })).toBeNull();
    // The service role may not record a purchase for another user in a non-admin's name.
    const forged = await cast.service.rpc('record_purchased_phone_number', {
      owner_id: cast.otherOwner.id,
      actor_id: cast.owner.id,
      phone_number: '+15550001112',
      provider_sid: 'PNforged2',
    });
    expect(forged.error?.message).toBe('Only an admin can buy a number for another user');
  });
});

describe('addresses and caller IDs', () => {
  const address = {
    customerName: 'Ada Lovelace',
    street: '1 Main St',
    city: 'San Francisco',
    region: 'CA',
    postalCode: '94105',
    isoCountry: 'us',
  };

  it('each owner lists and deletes only their own addresses', async () => {
    const created = await call(cast.owner, 'POST', '/addresses', address);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customerName: 'Ada Lovelace', isoCountry: 'US' });
    const sid = created.body.sid as string;
    expect(twilio.numbers.addresses().map((a) => a.sid)).toContain(sid);

    expect((await call(cast.owner, 'GET', '/addresses')).body.addresses).toEqual([
      expect.objectContaining({ sid, street: '1 Main St' }),
    ]);
    expect((await call(cast.otherOwner, 'GET', '/addresses')).body.addresses).toEqual([]);
    expect((await call(cast.admin, 'GET', '/addresses')).body.addresses).toEqual([]);
    expect(await visibleRows(cast.owner.client, 'phone_provider_resources', { provider_sid: sid })).toHaveLength(1);
    expect(await visibleRows(cast.otherOwner.client, 'phone_provider_resources', { provider_sid: sid })).toEqual([]);
    expect(await visibleRows(cast.admin.client, 'phone_provider_resources', { provider_sid: sid })).toHaveLength(1);
    expect(await visibleRows(cast.anon, 'phone_provider_resources', { provider_sid: sid })).toBeNull();

    expect((await call(cast.otherOwner, 'DELETE', `/addresses/${sid}`)).status).toBe(404);
    expect(twilio.numbers.addresses().map((a) => a.sid)).toContain(sid);
    expect((await call(cast.owner, 'POST', '/addresses', { ...address, postalCode: '' })).status).toBe(400);
    expect((await call(cast.owner, 'DELETE', `/addresses/${sid}`)).status).toBe(200);
    expect(twilio.numbers.addresses().map((a) => a.sid)).not.toContain(sid);
    expect((await call(cast.owner, 'GET', '/addresses')).body.addresses).toEqual([]);
  });

  it('a caller ID is pending until verified, owned by who asked, and deleted at Twilio', async () => {
    const asked = await call(cast.owner, 'POST', '/caller-ids', { phoneNumber: '+15105550123', friendlyName: 'Desk' });
    expect(asked.status).toBe(201);
    expect(asked.body).toEqual({
      phoneNumber: '+15105550123',
      validationCode: twilio.numbers.validationCode('+15105550123'),
    });
    expect((await call(cast.owner, 'GET', '/caller-ids')).body.callerIds).toEqual([
      { phoneNumber: '+15105550123', friendlyName: null, verified: false },
    ]);
    const taken = await call(cast.otherOwner, 'POST', '/caller-ids', { phoneNumber: '+15105550123' });
    expect(taken.status).toBe(409);
    expect(errorCode(taken)).toBe('caller_id_taken');

    twilio.numbers.verifyCallerId('+15105550123', 'Desk');
    expect((await call(cast.owner, 'GET', '/caller-ids')).body.callerIds).toEqual([
      { phoneNumber: '+15105550123', friendlyName: 'Desk', verified: true },
    ]);
    expect((await call(cast.otherOwner, 'GET', '/caller-ids')).body.callerIds).toEqual([]);
    const path = `/caller-ids/${encodeURIComponent('+15105550123')}`;
    expect((await call(cast.otherOwner, 'DELETE', path)).status).toBe(404);
    expect(twilio.numbers.callerIds()).toHaveLength(1);
    expect((await call(cast.owner, 'DELETE', path)).status).toBe(200);
    expect(twilio.numbers.callerIds()).toHaveLength(0);
    expect((await call(cast.owner, 'GET', '/caller-ids')).body.callerIds).toEqual([]);
  });

  it('a number with an address requirement is bought with one of the buyer’s own addresses', async () => {
    const user = await cast.newUser('addressed');
    const offer = twilio.numbers.available('GB').find((n) => n.addressRequirements !== 'none' && n.locality)!;
    const purchasesBefore = twilioRequests('POST', '/IncomingPhoneNumbers.json').length;
    const missing = await call(user, 'POST', '/buy', { phoneNumber: offer.phoneNumber, countryCode: 'GB' });
    expect(missing.status).toBe(400);
    expect(errorCode(missing)).toBe('address_required');
    expect(twilioRequests('POST', '/IncomingPhoneNumbers.json')).toHaveLength(purchasesBefore);

    const theirs = (await call(cast.otherOwner, 'POST', '/addresses', { ...address, isoCountry: 'GB' })).body.sid;
    const foreign = await call(user, 'POST', '/buy', {
      phoneNumber: offer.phoneNumber,
      countryCode: 'GB',
      addressSid: theirs,
    });
    expect(foreign.status).toBe(404);
    expect(errorCode(foreign)).toBe('address_not_found');
    expect(
      (await call(user, 'POST', '/buy', { phoneNumber: offer.phoneNumber, countryCode: 'GB', addressSid: 'nope' }))
        .status,
    ).toBe(400);

    const own = (await call(user, 'POST', '/addresses', { ...address, isoCountry: 'GB' })).body.sid as string;
    const bought = await call(user, 'POST', '/buy', {
      phoneNumber: offer.phoneNumber,
      countryCode: 'GB',
      addressSid: own,
    });
    expect(bought.status).toBe(201);
    expect(twilio.numbers.ownedNumber(offer.phoneNumber)?.addressSid).toBe(own);
  });

  it('the fake Twilio refuses a number needing an address without one (21631)', async () => {
    const offer = twilio.numbers.available('DE').find((n) => n.addressRequirements !== 'none')!;
    const refused = await fetch(
      `${twilio.url}/api/2010-04-01/Accounts/${twilio.accountSid}/IncomingPhoneNumbers.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ PhoneNumber: offer.phoneNumber }),
      },
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: number }).code).toBe(21631);
  });

  it('an unverified caller ID claim lapses after ten minutes; a refused verification claims nothing', async () => {
    const squatted = '+15105550177';
    expect((await call(cast.otherOwner, 'POST', '/caller-ids', { phoneNumber: squatted })).status).toBe(201);
    expect((await call(cast.owner, 'POST', '/caller-ids', { phoneNumber: squatted })).status).toBe(409);
    const aged = await cast.service
      .from('phone_provider_resources')
      .update({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .eq('phone_number', squatted);
    expect(aged.error).toBeNull();
    expect((await call(cast.owner, 'POST', '/caller-ids', { phoneNumber: squatted })).status).toBe(201);
    expect(await serviceRow(cast.service, 'phone_provider_resources', { phone_number: squatted })).toMatchObject({
      user_id: cast.owner.id,
    });
    // A verified one never lapses.
    twilio.numbers.verifyCallerId(squatted);
    await cast.service
      .from('phone_provider_resources')
      .update({ created_at: new Date(Date.now() - 11 * 60 * 1000).toISOString() })
      .eq('phone_number', squatted);
    expect((await call(cast.otherOwner, 'POST', '/caller-ids', { phoneNumber: squatted })).status).toBe(409);

    // Verified at Twilio outside our records: Twilio refuses (21450) and no claim is left behind.
    const outside = '+15105550178';
    twilio.numbers.verifyCallerId(outside);
    const refused = await call(cast.otherOwner, 'POST', '/caller-ids', { phoneNumber: outside });
    expect(refused.status).toBe(400);
    expect(await serviceRow(cast.service, 'phone_provider_resources', { phone_number: outside })).toBeNull();
    await call(cast.owner, 'DELETE', `/caller-ids/${encodeURIComponent(squatted)}`);
  });
});

describe('secrets and configuration', () => {
  it('no answer and no row an admin can read carries the Twilio credentials', async () => {
    const answers = [
      await call(cast.admin, 'GET', '/status'),
      await call(cast.admin, 'GET', '/search?country=GB'),
      await call(cast.admin, 'GET', '/addresses'),
    ];
    const spec = (await (
      await fetch(`${cast.stack.url}/rest/v1/`, {
        headers: { apikey: cast.stack.anonKey, authorization: `Bearer ${await accessTokenOf(cast.admin.client)}` },
      })
    ).json()) as { paths?: Record<string, unknown> };
    // Every table and view the Data API exposes (the RPCs are checked by their grants above).
    const tables = Object.keys(spec.paths ?? {})
      .filter((path) => path !== '/' && !path.startsWith('/rpc/'))
      .map((path) => path.slice(1));
    expect(tables).toContain('phone_numbers');
    const rows: unknown[] = [];
    for (const table of tables) {
      const { data } = await cast.admin.client.from(table).select('*').limit(1000);
      rows.push(data);
    }
    const seen = JSON.stringify([answers, rows]);
    expect(seen).not.toContain(twilio.authToken);
    expect(seen).not.toContain(twilio.accountSid);
  });

  it('answers 503 twilio_not_configured without an account, and says so on /status', async () => {
    const bare = await startTestStack();
    try {
      const token = await bare.signUserToken();
      const status = await fetch(`${bare.url}/functions/v1/phone-numbers/status`, {
        headers: { apikey: bare.anonKey, authorization: `Bearer ${token}` },
      });
      expect(await status.json()).toEqual({ configured: false, defaultVoiceMode: 'any_model' });
      const search = await fetch(`${bare.url}/functions/v1/phone-numbers/search?country=US`, {
        headers: { apikey: bare.anonKey, authorization: `Bearer ${token}` },
      });
      expect(search.status).toBe(503);
      expect(((await search.json()) as { error: { code: string } }).error.code).toBe('twilio_not_configured');
    } finally {
      await bare.stop();
    }
  });
});
