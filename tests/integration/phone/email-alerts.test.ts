import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../fakes/twilio/index.ts';
import { startCast, type Actor, type Cast } from '../security/support/actors.ts';
import { agentWithNumber, callSid, drainCredits, type PhoneAgent } from './support.ts';

/**
 * Profile › Settings › "Email alerts" made real: with the toggle on, the notification events that
 * matter when the owner is away (a call Twilio reports as not completed, low credit) are queued by
 * Postgres and the scheduled notification-emails function sends them, here to the local inbox.
 * With the toggle off, nothing is emailed; no client reads the queue.
 */
let cast: Cast;
let twilio: FakeTwilio;
let phone: PhoneAgent;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  cast = await startCast({
    functionEnv: {
      ...twilio.env,
      PHONE_CALL_TOKEN_SECRET: 'email-alert-token-secret',
      CONSOLE_URL: 'http://console.test',
    },
  });
  twilio.calls.webhookBaseUrl = `${cast.stack.url}/functions/v1`;
  phone = await agentWithNumber(cast.service, cast.owner, { name: 'Clara' });
});
afterAll(async () => {
  await cast?.stack.stop();
  await twilio?.close();
});

/** One run of the scheduled sender, as the local scheduler (or pg_cron when hosted) makes it. */
async function sendQueuedAlerts(bearer = cast.stack.serviceRoleKey): Promise<Response> {
  return fetch(`${cast.stack.url}/functions/v1/notification-emails`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, apikey: cast.stack.anonKey },
  });
}

async function missedCall(from: string): Promise<void> {
  const sid = callSid();
  expect((await twilio.calls.incoming(sid, from, phone.number)).status).toBe(200);
  expect((await twilio.calls.status(sid, 'no-answer')).status).toBe(204);
}

async function setEmailAlerts(actor: Actor, on: boolean): Promise<void> {
  // The owner's own client, as the Settings tab saves it.
  const { error } = await actor.client.from('profiles').update({ notify_email_alerts: on }).eq('id', actor.id);
  expect(error).toBeNull();
}

describe('email alerts', () => {
  it('emails the owner a call that went unanswered and low credit, once each, while email alerts are on', async () => {
    await setEmailAlerts(cast.owner, true);
    await missedCall('+33612345678');
    await drainCredits(cast.service, cast.owner.id, 4);

    const first = await sendQueuedAlerts();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });

    const inbox = await cast.stack.readInbox(cast.owner.email);
    expect(inbox.map((e) => e.subject).sort()).toEqual(['A call was not completed', 'Your credit is running low']);
    const call = inbox.find((e) => e.subject === 'A call was not completed')!;
    expect(call.text).toContain('Phone call from +33612345678 went unanswered.');
    expect(call.text).toContain('Agent: Clara.');
    // The link opens that call in the agent's call list.
    expect(call.links).toEqual([
      expect.stringMatching(new RegExp(`^http://console\\.test/agents/${phone.agentId}/calls\\?call=[0-9a-f-]{36}$`)),
    ]);
    expect(inbox.find((e) => e.subject === 'Your credit is running low')!.text).toContain('4 credits left.');

    // Sent once: a second run finds nothing due.
    expect(await (await sendQueuedAlerts()).json()).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0 });
    expect(await cast.stack.readInbox(cast.owner.email)).toHaveLength(2);
    // The other owner got nothing.
    expect(await cast.stack.readInbox(cast.otherOwner.email)).toEqual([]);
  });

  it('emails nothing once the owner turned email alerts off, not even what was queued before', async () => {
    await missedCall('+33612340001');
    await setEmailAlerts(cast.owner, false);
    await missedCall('+33612340002');

    expect(await (await sendQueuedAlerts()).json()).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0 });
    expect(await cast.stack.readInbox(cast.owner.email)).toHaveLength(2);
    // The feed still has them: only the emails follow the toggle.
    const { data } = await cast.owner.client.from('notifications').select('id').eq('kind', 'failed_call');
    expect(data).toHaveLength(3);
  });

  it('an owner cannot read or write the email queue, nor run the sender', async () => {
    const read = await cast.owner.client.from('notification_emails').select('id');
    expect(read.data ?? []).toEqual([]);
    const write = await cast.owner.client
      .from('notification_emails')
      .insert({ notification_id: crypto.randomUUID(), user_id: cast.owner.id });
    expect(write.error).not.toBeNull();
    const claim = await cast.owner.client.rpc('claim_notification_emails', {});
    expect(claim.error).not.toBeNull();
    const { data: session } = await cast.owner.client.auth.getSession();
    expect((await sendQueuedAlerts(session.session!.access_token)).status).toBe(403);
    // The service role sees the queue: two sent, two cancelled by the toggle.
    const { data: queue } = await cast.service
      .from('notification_emails')
      .select('status')
      .eq('user_id', cast.owner.id);
    expect((queue as { status: string }[]).map((r) => r.status).sort()).toEqual(['cancelled', 'sent', 'sent']);
  });
});
