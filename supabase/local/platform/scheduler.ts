/**
 * The local stand-in for the hosted project's scheduled jobs (pg_cron + pg_net): POSTs to the
 * product's declared jobs (`private.scheduled_jobs`, read through `public.scheduled_jobs()`) with
 * the service role key on their intervals. Runs are never overlapped; a failed run is logged and
 * the next one tries again. Started by the stack itself when asked (`schedule: true`: `npm start`
 * and the desktop app), so every host of the embedded backend runs them; test stacks call the
 * functions themselves.
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

/** One row of the product's job list (`public.scheduled_jobs()`, declared in SQL). */
export interface DeclaredJob {
  name: string;
  function_path: string;
  every_seconds: number;
}

/** Interval overrides for development and tests, by job name: milliseconds and the least accepted. */
const OVERRIDES: Record<string, { variable: string; minimumMs: number }> = {
  'connector-dispatch': { variable: 'CONCIERGE_CONNECTOR_DISPATCH_MS', minimumMs: 1000 },
  'whatsapp-sender-sweep': { variable: 'CONCIERGE_WHATSAPP_SENDER_SWEEP_MS', minimumMs: 200 },
};

/**
 * The product's declared jobs as the embedded stack runs them: each function path at its declared
 * interval, unless an override variable sets a sensible one (nonsense or a busy loop is ignored).
 */
export function localSchedule(jobs: DeclaredJob[], env: Record<string, string | undefined>): ScheduledFunction[] {
  return jobs.map((job) => {
    const override = OVERRIDES[job.name];
    const ms = override ? Number(env[override.variable]) : Number.NaN;
    return {
      slug: job.function_path,
      everyMs: override && Number.isFinite(ms) && ms >= override.minimumMs ? ms : job.every_seconds * 1000,
    };
  });
}

/** Reads the declared job list from the database (the stack's own superuser connection). */
export async function declaredJobs(db: { query<T>(sql: string): Promise<{ rows: T[] }> }): Promise<DeclaredJob[]> {
  const { rows } = await db.query<DeclaredJob>(
    'select name, function_path, every_seconds from public.scheduled_jobs()',
  );
  return rows;
}
