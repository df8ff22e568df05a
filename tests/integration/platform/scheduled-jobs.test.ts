import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredJobs, localSchedule } from '../../../supabase/local/platform/scheduler.ts';
import { startCast, type Cast } from '../security/support/actors.ts';

/**
 * One schedule list: the jobs the product needs are declared once in SQL. The service role reads
 * them (the embedded stack's scheduler runs exactly that list), no client can, and the hosted
 * registration with pg_cron refuses to run before its prerequisites exist.
 */
let cast: Cast;
beforeAll(async () => {
  cast = await startCast();
});
afterAll(async () => {
  await cast?.stack.stop();
});

describe('scheduled jobs', () => {
  it('declares each job once, with the schedule pg_cron gets', async () => {
    const { data, error } = await cast.service.rpc('scheduled_jobs');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: 'connector-dispatch',
        function_path: 'connector-dispatch',
        every_seconds: 60,
        cron_schedule: '* * * * *',
      },
      {
        name: 'knowledge-upload-sweep',
        function_path: 'knowledge-ingest/sweep',
        every_seconds: 60,
        cron_schedule: '* * * * *',
      },
      {
        name: 'notification-emails',
        function_path: 'notification-emails',
        every_seconds: 60,
        cron_schedule: '* * * * *',
      },
      {
        name: 'phone-number-releases',
        function_path: 'phone-numbers/releases/sweep',
        every_seconds: 60,
        cron_schedule: '* * * * *',
      },
      {
        name: 'voice-call-sweeper',
        function_path: 'voice-call-sweeper',
        every_seconds: 60,
        cron_schedule: '* * * * *',
      },
      {
        name: 'whatsapp-sender-sweep',
        function_path: 'whatsapp-senders/sweep',
        every_seconds: 30,
        cron_schedule: '30 seconds',
      },
    ]);
  });

  it('the embedded scheduler runs the declared list', async () => {
    const jobs = localSchedule(await declaredJobs(cast.stack.db), {});
    expect(jobs).toContainEqual({ slug: 'whatsapp-senders/sweep', everyMs: 30_000 });
    expect(jobs).toContainEqual({ slug: 'phone-numbers/releases/sweep', everyMs: 60_000 });
    expect(jobs).toHaveLength(6);
  });

  it('no visitor or signed-in user reads the list or registers jobs', async () => {
    for (const client of [cast.anon, cast.owner.client, cast.admin.client]) {
      expect((await client.rpc('scheduled_jobs')).error).not.toBeNull();
      expect((await client.rpc('schedule_jobs', { project_url: 'https://x.supabase.co' })).error).not.toBeNull();
    }
    // The service role runs the functions, not the database's own scheduling.
    expect((await cast.service.rpc('schedule_jobs', { project_url: 'https://x.supabase.co' })).error).not.toBeNull();
  });

  it('registering with pg_cron needs a project URL and the pg_cron and pg_net extensions', async () => {
    await expect(cast.stack.db.query(`select public.schedule_jobs('not a url')`)).rejects.toThrow(
      /project_url must be the project's URL/,
    );
    await expect(cast.stack.db.query(`select public.schedule_jobs('https://ref.supabase.co')`)).rejects.toThrow(
      /Enable the pg_cron and pg_net extensions first/,
    );
  });
});
