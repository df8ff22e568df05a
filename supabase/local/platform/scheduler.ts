/**
 * The local stand-in for the hosted project's scheduled jobs (pg_cron + pg_net, README
 * "Connectors"): POSTs to scheduled edge functions with the service role key on an interval.
 * Runs are never overlapped; a failed run is logged and the next one tries again. Started by the
 * stack itself when asked (`schedule: true`: `npm start` and the desktop app), so every host of
 * the embedded backend delivers connectors; test stacks call the functions themselves.
 */
export interface ScheduledFunction {
  slug: string;
  everyMs: number;
}

export function startFunctionScheduler(options: {
  apiUrl: () => string;
  serviceRoleKey: string;
  jobs: ScheduledFunction[];
  log: (message: string) => void;
  fetch?: typeof fetch;
}): { stop(): void } {
  const timers = options.jobs.map((job) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void (options.fetch ?? fetch)(`${options.apiUrl()}/functions/v1/${job.slug}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.serviceRoleKey}`, apikey: options.serviceRoleKey },
      })
        .then(async (response) => {
          await response.body?.cancel();
          if (!response.ok) options.log(`scheduled ${job.slug} answered ${response.status}`);
        })
        .catch((error: unknown) => options.log(`scheduled ${job.slug} failed: ${String(error)}`))
        .finally(() => {
          running = false;
        });
    }, job.everyMs);
    // The scheduler never keeps the process alive on its own.
    timer.unref();
    return timer;
  });
  return {
    stop() {
      for (const timer of timers) clearInterval(timer);
    },
  };
}

/** The hosted project's cron jobs, as the embedded stack runs them. */
export function localSchedule(env: Record<string, string | undefined>): ScheduledFunction[] {
  const every = Number(env.CONCIERGE_CONNECTOR_DISPATCH_MS);
  const senders = Number(env.CONCIERGE_WHATSAPP_SENDER_SWEEP_MS);
  // Finished conversations reach Zapier/Make connectors once a minute, as pg_cron does when hosted;
  // voice calls never ended are closed and charged on the same beat.
  return [
    { slug: 'connector-dispatch', everyMs: Number.isFinite(every) && every >= 1000 ? every : 60_000 },
    { slug: 'voice-call-sweeper', everyMs: 60_000 },
    // Emails queued by Postgres (alerts, monthly usage reports, announcements), to the inbox or the provider.
    { slug: 'notification-emails', everyMs: 60_000 },
    // Numbers of deleted agents are released at Twilio (a no-op without Twilio configured).
    { slug: 'phone-numbers/releases/sweep', everyMs: 60_000 },
    // Knowledge uploads whose page never came back are shown as interrupted (retry or remove).
    { slug: 'knowledge-ingest/sweep', everyMs: 60_000 },
    // WhatsApp senders are followed with no console open: every 30 s, the CREATING cadence (each
    // sender's own next poll time decides whether it is fetched; a no-op without Twilio).
    {
      slug: 'whatsapp-senders/sweep',
      everyMs: Number.isFinite(senders) && senders >= 200 ? senders : 30_000,
    },
  ];
}
