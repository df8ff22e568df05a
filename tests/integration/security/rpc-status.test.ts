/**
 * "Not found" from an RPC is a 404. PostgREST maps SQLSTATE P0002 to 500, so
 * a missing user, pack, subscription, number, product or agent looked like a server fault; the
 * functions now raise PT404, which PostgREST (hosted and local) answers with status 404. Each case
 * calls the RPC over HTTP through supabase-js as the role allowed to call it.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, startCast, type Cast } from './support/actors.ts';

let cast: Cast;
/** A signed-in user whose account was deleted: the token is valid, the profile is gone. */
let deletedUser: SupabaseClient;
let ownerANumber: string;
let ownerAAgent: string;

beforeAll(async () => {
  cast = await startCast();
  deletedUser = await cast.stack.clientAs(await cast.stack.signUserToken({ sub: randomUUID() }));
  ownerANumber = (
    await serviceInsert<{ id: string }>(cast.service, 'phone_numbers', {
      phone_number: '+15554440404',
      user_id: cast.owner.id,
    })
  ).id;
  ownerAAgent = (
    await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'statistics' })
  ).id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

interface Case {
  rule: string;
  client: () => SupabaseClient;
  fn: string;
  args: () => Record<string, unknown>;
  message: string;
}

const missing = () => randomUUID();

const cases: Case[] = [
  {
    rule: 'a signed-in user whose account is gone activating the free pack',
    client: () => deletedUser,
    fn: 'activate_free_pack',
    args: () => ({}),
    message: 'User not found',
  },
  {
    rule: 'a signed-in user whose account is gone using credits',
    client: () => deletedUser,
    fn: 'use_credits',
    args: () => ({ amount: 1 }),
    message: 'User not found',
  },
  {
    rule: 'the metering service using credits of a missing user',
    client: () => cast.service,
    fn: 'use_credits',
    args: () => ({ amount: 1, user_id: missing() }),
    message: 'User not found',
  },
  {
    rule: 'the payment service crediting a missing user',
    client: () => cast.service,
    fn: 'purchase_credits',
    args: () => ({ user_id: missing(), amount: 10 }),
    message: 'User not found',
  },
  ...(
    [
      ['admin_adjust_credits', { amount: 10, reason: 'x' }],
      ['admin_update_user', { name: 'x', is_admin: false }],
      ['admin_delete_user', {}],
      ['admin_recover_profile', {}],
    ] as const
  ).map(([fn, extra]): Case => ({
    rule: `an admin calling ${fn} for a missing user`,
    client: () => cast.admin.client,
    fn,
    args: () => ({ user_id: missing(), ...extra }),
    message: 'User not found',
  })),
  {
    rule: 'an admin granting credits to a missing user',
    client: () => cast.admin.client,
    fn: 'admin_grant_credits',
    args: () => ({ user_id: missing(), amount: 10 }),
    message: 'User not found',
  },
  {
    rule: 'an admin changing the role of a missing user',
    client: () => cast.admin.client,
    fn: 'set_user_admin',
    args: () => ({ user_id: missing(), is_admin: true }),
    message: 'User not found',
  },
  {
    rule: 'an admin subscribing a missing user',
    client: () => cast.admin.client,
    fn: 'create_subscription',
    args: () => ({ user_id: missing(), pack_id: 'pro' }),
    message: 'User not found',
  },
  {
    rule: 'the payment service subscribing a user to a missing pack',
    client: () => cast.service,
    fn: 'create_subscription',
    args: () => ({ user_id: cast.owner.id, pack_id: 'no-such-pack' }),
    message: 'Pack not found',
  },
  {
    rule: 'an owner cancelling when they have no active subscription',
    client: () => cast.otherOwner.client,
    fn: 'cancel_subscription',
    args: () => ({}),
    message: 'No active subscription found',
  },
  {
    rule: 'the server pooling a missing phone number',
    client: () => cast.service,
    fn: 'release_phone_number',
    args: () => ({ phone_number_id: missing() }),
    message: 'Phone number not found',
  },
  {
    rule: 'the server recording the release of a missing phone number',
    client: () => cast.service,
    fn: 'record_released_phone_number',
    args: () => ({ phone_number_id: missing(), actor_id: cast.owner.id }),
    message: 'Phone number not found',
  },
  {
    rule: "the server recording another owner's release of owner A's phone number (same answer as a missing one)",
    client: () => cast.service,
    fn: 'record_released_phone_number',
    args: () => ({ phone_number_id: ownerANumber, actor_id: cast.otherOwner.id }),
    message: 'Phone number not found',
  },
  {
    rule: 'the payment service recording a payment of a missing user',
    client: () => cast.service,
    fn: 'record_checkout_payment',
    args: () => ({ event_id: `evt_${missing()}`, event_type: 'test', user_id: missing(), pack_id: 'pro' }),
    message: 'User not found',
  },
  {
    rule: 'the payment service recording a payment for a missing pack',
    client: () => cast.service,
    fn: 'record_checkout_payment',
    args: () => ({ event_id: `evt_${missing()}`, event_type: 'test', user_id: cast.owner.id, pack_id: 'no-such-pack' }),
    message: 'Pack not found',
  },
  {
    rule: 'the agent tools reserving a product that does not exist',
    client: () => cast.service,
    fn: 'reserve_inventory',
    args: () => ({ agent_id: missing(), sku: 'NO-SUCH-SKU', quantity: 1 }),
    message: 'Unknown product NO-SUCH-SKU',
  },
  {
    rule: 'the voice service opening a call for a missing agent',
    client: () => cast.service,
    fn: 'voice_open_call',
    args: () => ({ agent_id: missing() }),
    message: 'Agent not found',
  },
  {
    rule: "another owner reading owner A's agent statistics (same answer as a missing agent)",
    client: () => cast.otherOwner.client,
    fn: 'insights_agent_statistics',
    args: () => ({ agent_id: ownerAAgent, period: '7d' }),
    message: 'Agent not found',
  },
  {
    rule: 'the chat service rating a conversation that does not exist',
    client: () => cast.service,
    fn: 'rate_conversation',
    args: () => ({ conversation_id: missing(), visitor_key: 'visitor:x', rating: 3 }),
    message: 'Conversation not found',
  },
  {
    rule: 'the chat service rating a browser voice call that does not exist',
    client: () => cast.service,
    fn: 'rate_voice_call',
    args: () => ({ call_id: missing(), rating: 3 }),
    message: 'Conversation not found',
  },
];

describe('"not found" from an RPC answers 404 with its message, not 500', () => {
  it.each(cases.map((c) => [c.rule, c] as const))('%s gets 404', async (_rule, c) => {
    const { error, status } = await c.client().rpc(c.fn, c.args());
    expect({ status, code: error?.code, message: error?.message }).toEqual({
      status: 404,
      code: 'PT404',
      message: c.message,
    });
  });

  it('no function in the database still raises P0002 (PostgREST would answer 500)', async () => {
    const { rows } = await cast.stack.db.query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private') and (p.prosrc ilike '%P0002%' or p.prosrc ilike '%no_data_found%')
        order by 1`,
    );
    expect(rows).toEqual([]);
  });

  it('the service-only functions stay closed to signed-in users and visitors', async () => {
    const { rows } = await cast.stack.db.query<{
      name: string;
      anon: boolean;
      authenticated: boolean;
      service: boolean;
    }>(
      `select p.proname as name, has_function_privilege('anon', p.oid, 'execute') as anon,
              has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
              has_function_privilege('service_role', p.oid, 'execute') as service
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and p.proname in ('cancel_phone_number_purchase', 'purchase_credits', 'record_checkout_payment',
                            'record_released_phone_number', 'release_phone_number', 'reserve_inventory',
                            'reserve_phone_number_purchase', 'voice_open_call')
        order by 1`,
    );
    expect(rows).toEqual(
      [
        'cancel_phone_number_purchase',
        'purchase_credits',
        'record_checkout_payment',
        'record_released_phone_number',
        'release_phone_number',
        'reserve_inventory',
        'reserve_phone_number_purchase',
        'voice_open_call',
      ].map((name) => ({
        name,
        anon: false,
        authenticated: false,
        service: true,
      })),
    );
  });
});
