import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceInsert, startCast, type Actor, type Cast } from '../security/support/actors.ts';

/**
 * Profile › Settings › "Usage reports" and "Feature announcements" made real, on the email alerts'
 * queue and sender: a monthly report of the month that ended (figures from SQL, one per owner and
 * month however often it is queued) and an admin's announcement, each only to owners with the
 * toggle on, sent by the scheduled notification-emails function to the local inbox.
 */
let cast: Cast;
// The month that ended last, which the sender's own sweep queues too (so a replay adds nothing).
const today = new Date();
const reported = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
const MONTH = reported.toISOString().slice(0, 10);
const MONTH_NAME = reported.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const inMonth = (day: number, time = '00:00:00') => `${MONTH.slice(0, 8)}${String(day).padStart(2, '0')}T${time}Z`;

beforeAll(async () => {
  cast = await startCast({ functionEnv: { CONSOLE_URL: 'http://console.test' } });
  // Only the cast's choices count (the seed's demo accounts keep the default: announcements on).
  const quiet = await cast.service
    .from('profiles')
    .update({ notify_feature_announcements: false })
    .not('id', 'in', `(${[cast.owner.id, cast.otherOwner.id, cast.admin.id].join(',')})`);
  expect(quiet.error).toBeNull();
  // Both owners signed up before the reported month ended.
  for (const actor of [cast.owner, cast.otherOwner]) {
    const { error } = await cast.service
      .from('profiles')
      .update({ created_at: '2020-01-05T00:00:00Z' })
      .eq('id', actor.id);
    expect(error).toBeNull();
  }
  const agent = await serviceInsert<{ id: string }>(cast.service, 'agents', { user_id: cast.owner.id, name: 'Clara' });
  const at = inMonth(15, '10:00:00');
  for (const channel of ['web_chat', 'web_chat', 'whatsapp']) {
    await serviceInsert(cast.service, 'conversations', {
      user_id: cast.owner.id,
      agent_id: agent.id,
      channel,
      started_at: at,
    });
  }
  await serviceInsert(cast.service, 'calls', {
    user_id: cast.owner.id,
    assigned_agent: agent.id,
    from_number: '+33612345678',
    to_number: '+33100000000',
    status: 'completed',
    duration: 125,
    timestamp: at,
  });
  await serviceInsert(cast.service, 'credit_ledger', {
    user_id: cast.owner.id,
    type: 'usage',
    amount: -7,
    description: 'Usage of the reported month',
    created_at: at,
  });
  // Activity outside the month is not in its report.
  await serviceInsert(cast.service, 'credit_ledger', { user_id: cast.owner.id, type: 'usage', amount: -2 });
});
afterAll(async () => {
  await cast?.stack.stop();
});

async function sendQueued(): Promise<{ claimed: number; sent: number }> {
  const response = await fetch(`${cast.stack.url}/functions/v1/notification-emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${cast.stack.serviceRoleKey}`, apikey: cast.stack.anonKey },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { claimed: number; sent: number };
}

async function setToggles(actor: Actor, toggles: Record<string, boolean>): Promise<void> {
  const { error } = await actor.client.from('profiles').update(toggles).eq('id', actor.id);
  expect(error).toBeNull();
}

describe('usage reports', () => {
  it('emails last month’s figures once to an owner with usage reports on, and nothing to one with them off', async () => {
    await setToggles(cast.owner, { notify_usage_reports: true });
    await setToggles(cast.otherOwner, { notify_usage_reports: false });

    const queued = await cast.service.rpc('queue_usage_reports', { report_month: MONTH });
    expect(queued.error).toBeNull();
    expect(queued.data).toBe(1);
    // A replay of the month and the sweep's own queuing (the previous month) add nothing.
    expect((await cast.service.rpc('queue_usage_reports', { report_month: inMonth(20).slice(0, 10) })).data).toBe(0);

    expect(await sendQueued()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await sendQueued()).toMatchObject({ claimed: 0, sent: 0 });

    const inbox = await cast.stack.readInbox(cast.owner.email);
    expect(inbox.map((e) => e.subject)).toEqual([`Your Concierge usage for ${MONTH_NAME}`]);
    const text = inbox[0]!.text;
    expect(text).toContain('Conversations: Web chat 2, WhatsApp 1');
    expect(text).toContain('Calls: 1 (3 min)');
    expect(text).toContain('Credits used: 7');
    expect(inbox[0]!.links).toEqual(['http://console.test/dashboard']);
    expect(await cast.stack.readInbox(cast.otherOwner.email)).toEqual([]);
  });

  it('refuses a month that has not ended, and clients cannot queue reports', async () => {
    const now = new Date();
    const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
    expect((await cast.service.rpc('queue_usage_reports', { report_month: current })).error).not.toBeNull();
    expect((await cast.owner.client.rpc('queue_usage_reports', { report_month: MONTH })).error).not.toBeNull();
    expect((await cast.anon.rpc('queue_usage_reports', { report_month: MONTH })).error).not.toBeNull();
  });
});

describe('feature announcements', () => {
  it('an admin publishes one: every owner with announcements on gets it once, and it is audited', async () => {
    await setToggles(cast.owner, { notify_feature_announcements: true });
    await setToggles(cast.otherOwner, { notify_feature_announcements: false });
    await setToggles(cast.admin, { notify_feature_announcements: false });

    const published = await cast.admin.client.rpc('publish_announcement', {
      subject: 'Voice calls are here',
      body: 'Your agents can now answer the phone.\n\nTry it from the Phone tab.',
    });
    expect(published.error).toBeNull();
    expect(published.data).toBe(1);
    expect(await sendQueued()).toMatchObject({ claimed: 1, sent: 1 });

    const inbox = (await cast.stack.readInbox(cast.owner.email)).filter((e) => e.subject === 'Voice calls are here');
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.text).toContain('Your agents can now answer the phone.');
    expect(inbox[0]!.text).toContain('feature announcements are on');
    expect(await cast.stack.readInbox(cast.otherOwner.email)).toEqual([]);
    expect(await cast.stack.readInbox(cast.admin.email)).toEqual([]);

    const audit = await cast.admin.client
      .from('admin_audit_log')
      .select('action, actor_id, after')
      .eq('action', 'announcement.publish');
    expect(audit.data).toEqual([
      {
        action: 'announcement.publish',
        actor_id: cast.admin.id,
        after: expect.objectContaining({ subject: 'Voice calls are here', recipients: 1 }),
      },
    ]);
  });

  it('an owner and a visitor cannot publish; bad lengths are refused', async () => {
    const owner = await cast.owner.client.rpc('publish_announcement', { subject: 'Free credits', body: 'Click here' });
    expect(owner.error?.code).toBe('42501');
    const anon = await cast.anon.rpc('publish_announcement', { subject: 'Free credits', body: 'Click here' });
    expect(anon.error).not.toBeNull();
    const blank = await cast.admin.client.rpc('publish_announcement', { subject: '  ', body: 'Body' });
    expect(blank.error?.code).toBe('22023');
    const long = await cast.admin.client.rpc('publish_announcement', { subject: 'x'.repeat(151), body: 'Body' });
    expect(long.error?.code).toBe('22023');
    // Nothing was queued by the refused calls.
    expect(await sendQueued()).toMatchObject({ claimed: 0 });
  });

  it('an announcement queued before an owner turned announcements off is cancelled', async () => {
    await setToggles(cast.owner, { notify_feature_announcements: true });
    expect((await cast.admin.client.rpc('publish_announcement', { subject: 'Later', body: 'News' })).data).toBe(1);
    await setToggles(cast.owner, { notify_feature_announcements: false });
    expect(await sendQueued()).toMatchObject({ claimed: 0 });
    expect((await cast.stack.readInbox(cast.owner.email)).map((e) => e.subject)).not.toContain('Later');
  });
});
