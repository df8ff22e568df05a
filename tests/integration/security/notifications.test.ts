import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOW_CREDIT_THRESHOLD,
  NOTIFICATION_ROUTE_PATTERN,
} from '../../../supabase/functions/_shared/contracts/notifications.ts';
import {
  attemptDelete,
  attemptInsert,
  attemptUpdate,
  serviceInsert,
  startCast,
  visibleRows,
  type Actor,
  type Cast,
} from './support/actors.ts';

/**
 * Migration 20261126130000: the notification feed. Rows come only from triggers (new
 * conversations, failed calls, low credit crossings); owners read and mark read their own; nobody
 * else sees or writes any.
 */
let cast: Cast;
let agentId: string;
beforeAll(async () => {
  cast = await startCast();
  const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', {
    user_id: cast.owner.id,
    name: 'Front desk',
  });
  agentId = agent.id;
});
afterAll(async () => {
  await cast?.stack.stop();
});

interface NotificationRow {
  id: string;
  user_id: string;
  kind: string;
  route: string;
  data: Record<string, unknown>;
  source_id: string | null;
  read_at: string | null;
}

async function notificationsOf(userId: string, kind?: string): Promise<NotificationRow[]> {
  let query = cast.service.from('notifications').select().eq('user_id', userId).order('created_at');
  if (kind) query = query.eq('kind', kind);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return data as NotificationRow[];
}

async function charge(user: Actor, amount: number) {
  const type = amount < 0 ? 'usage' : 'admin_grant';
  await serviceInsert(cast.service, 'credit_ledger', { user_id: user.id, type, amount, description: 'test' });
}

async function balance(user: Actor): Promise<number> {
  const { data } = await cast.service.from('profiles').select('credits').eq('id', user.id).single();
  return (data as { credits: number }).credits;
}

describe('notifications written by triggers', () => {
  it('a new conversation notifies its owner once, with the agent’s name and a route to it; sandbox tests do not', async () => {
    const conversation = await serviceInsert<{ id: string }>(cast.service, 'conversations', {
      user_id: cast.owner.id,
      agent_id: agentId,
      channel: 'web_chat',
    });
    await serviceInsert(cast.service, 'conversations', {
      user_id: cast.owner.id,
      agent_id: agentId,
      channel: 'sandbox',
    });
    const rows = await notificationsOf(cast.owner.id, 'new_conversation');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      route: `/conversations/${conversation.id}`,
      source_id: conversation.id,
      data: { channel: 'web_chat', agentName: 'Front desk' },
      read_at: null,
    });
  });

  it('a phone call notifies when it fails, is busy or goes unanswered, once per call', async () => {
    const call = await serviceInsert<{ id: string }>(cast.service, 'calls', {
      user_id: cast.owner.id,
      assigned_agent: agentId,
      from_number: '+33600000001',
      to_number: '+33100000000',
      status: 'ringing',
    });
    expect(await notificationsOf(cast.owner.id, 'failed_call')).toHaveLength(0);
    await cast.service.from('calls').update({ status: 'no-answer' }).eq('id', call.id);
    await cast.service.from('calls').update({ status: 'failed' }).eq('id', call.id);
    await serviceInsert(cast.service, 'calls', {
      user_id: cast.owner.id,
      from_number: '+33600000002',
      to_number: '+33100000000',
      status: 'completed',
    });
    const rows = await notificationsOf(cast.owner.id, 'failed_call');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      // it opens that very call in the agent's history
      route: `/agents/${agentId}/calls?call=${call.id}`,
      data: { channel: 'phone', status: 'no-answer', from: '+33600000001', agentName: 'Front desk' },
    });
  });

  it('a failed browser voice call notifies its owner', async () => {
    const voice = await serviceInsert<{ id: string }>(cast.service, 'calls', {
      kind: 'browser_voice',
      source: 'visitor',
      user_id: cast.otherOwner.id,
      status: 'recording',
    });
    await cast.service.from('calls').update({ status: 'failed' }).eq('id', voice.id);
    const rows = await notificationsOf(cast.otherOwner.id, 'failed_call');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      route: `/calls?call=${voice.id}`,
      source_id: voice.id,
      data: { channel: 'web_voice' },
    });
  });

  it('low credit notifies once per crossing of the threshold, not per charge', async () => {
    const user = await cast.newUser('low-credit');
    const start = await balance(user);
    expect(start).toBeGreaterThan(LOW_CREDIT_THRESHOLD);
    await charge(user, -(start - LOW_CREDIT_THRESHOLD)); // exactly at the threshold: not under it
    expect(await notificationsOf(user.id, 'low_credit')).toHaveLength(0);
    await charge(user, -1); // crosses
    await charge(user, -1); // still under: no second notification
    expect(await notificationsOf(user.id, 'low_credit')).toHaveLength(1);
    await charge(user, 20); // top-up re-arms
    await charge(user, -19); // crosses again
    const rows = await notificationsOf(user.id, 'low_credit');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ route: '/credits', data: { balance: LOW_CREDIT_THRESHOLD - 2 + 20 - 19 } });
  });

  it('SQL’s route check and the contract’s NOTIFICATION_ROUTE_PATTERN agree', async () => {
    const routes = [
      '/credits',
      '/conversations/9b2c',
      '/calls?x=1&y=2',
      '/',
      '//evil.example/x',
      'https://evil.example/',
      '/a b',
      '/<script>',
      'calls',
    ];
    for (const route of routes) {
      const { error } = await cast.service
        .from('notifications')
        .insert({ user_id: cast.admin.id, kind: 'low_credit', route });
      expect(error === null, route).toBe(NOTIFICATION_ROUTE_PATTERN.test(route));
    }
    await cast.service.from('notifications').delete().eq('user_id', cast.admin.id);
  });

  it('SQL’s threshold is the contract’s LOW_CREDIT_THRESHOLD', async () => {
    const { rows } = await cast.stack.db.query<{ t: number }>('select private.low_credit_threshold() as t');
    expect(rows[0]?.t).toBe(LOW_CREDIT_THRESHOLD);
  });
});

describe('who may read and change notifications', () => {
  let mine: NotificationRow;
  beforeAll(async () => {
    mine = (await notificationsOf(cast.owner.id))[0]!;
  });

  it('the owner reads their own notifications', async () => {
    const rows = (await visibleRows(cast.owner.client, 'notifications', {})) as NotificationRow[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.user_id === cast.owner.id)).toBe(true);
  });

  it('another owner and a visitor see none of them', async () => {
    expect(await visibleRows(cast.otherOwner.client, 'notifications', { id: mine.id })).toEqual([]);
    expect(await visibleRows(cast.anon, 'notifications', { id: mine.id })).toBeNull();
  });

  it('an admin sees only their own notifications', async () => {
    expect(await visibleRows(cast.admin.client, 'notifications', { id: mine.id })).toEqual([]);
  });

  it('the owner marks their notification read, and can change nothing else', async () => {
    const readAt = new Date().toISOString();
    expect(await attemptUpdate(cast.owner.client, 'notifications', { read_at: readAt }, { id: mine.id })).toBe(1);
    expect((await notificationsOf(cast.owner.id)).find((r) => r.id === mine.id)?.read_at).not.toBeNull();
    expect(await attemptUpdate(cast.owner.client, 'notifications', { route: '/admin' }, { id: mine.id })).toBe(0);
    expect(
      await attemptUpdate(cast.owner.client, 'notifications', { user_id: cast.otherOwner.id }, { id: mine.id }),
    ).toBe(0);
  });

  it('another owner, an admin and a visitor cannot mark it', async () => {
    const patch = { read_at: null };
    expect(await attemptUpdate(cast.otherOwner.client, 'notifications', patch, { id: mine.id })).toBe(0);
    expect(await attemptUpdate(cast.admin.client, 'notifications', patch, { id: mine.id })).toBe(0);
    expect(await attemptUpdate(cast.anon, 'notifications', patch, { id: mine.id })).toBe(0);
    expect((await notificationsOf(cast.owner.id)).find((r) => r.id === mine.id)?.read_at).not.toBeNull();
  });

  it('no client creates or deletes a notification', async () => {
    const row = { user_id: cast.owner.id, kind: 'low_credit', route: '/credits' };
    expect(await attemptInsert(cast.owner.client, 'notifications', row)).toBe(false);
    expect(await attemptInsert(cast.admin.client, 'notifications', row)).toBe(false);
    expect(await attemptInsert(cast.anon, 'notifications', row)).toBe(false);
    expect(await attemptDelete(cast.owner.client, 'notifications', { id: mine.id })).toBe(0);
    expect(await attemptDelete(cast.admin.client, 'notifications', { id: mine.id })).toBe(0);
    expect((await notificationsOf(cast.owner.id)).some((r) => r.id === mine.id)).toBe(true);
  });

  it('an owner saves the three desktop toggles; another owner cannot', async () => {
    const patch = {
      notify_desktop_conversations: false,
      notify_desktop_failed_calls: false,
      notify_desktop_low_credit: false,
    };
    expect(await attemptUpdate(cast.owner.client, 'profiles', patch, { id: cast.owner.id })).toBe(1);
    expect(
      await attemptUpdate(
        cast.owner.client,
        'profiles',
        { notify_desktop_low_credit: true },
        { id: cast.otherOwner.id },
      ),
    ).toBe(0);
    const { data } = await cast.service
      .from('profiles')
      .select('notify_desktop_low_credit')
      .eq('id', cast.otherOwner.id)
      .single();
    expect(data).toEqual({ notify_desktop_low_credit: true });
  });
});
