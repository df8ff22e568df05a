// The scheduler of `npm test` (scripts/test.mjs): plain JavaScript, since it runs before
// `npm install` has. Types: run-steps.d.mts.

/**
 * Runs `steps` side by side as far as `cores` allows and resolves with each step's result by name.
 *
 * A step is `{ name, cores, needs?, after?, run }`: `run()` resolves with `{ status, output }`
 * (status 0 = passed), `cores` is how many cores it keeps busy (a fraction for a step that mostly
 * waits, e.g. on a browser), `needs` names steps that must pass first and `after` steps that must
 * have ended, passed or not (so a failure elsewhere does not hide this step's own results).
 * Steps start in list order whenever their needs have passed and their cores fit next to the
 * running ones; a later step may start before an earlier one that does not fit yet. A step wider
 * than the machine runs alone. A step whose need failed is not run and fails. `onStart(step)` and
 * `onFinish(step, result)` report progress; a result also carries `startedAt` and `ms`.
 */
export function runSteps(steps, { cores, onStart = () => {}, onFinish = () => {} }) {
  const names = new Set(steps.map((step) => step.name));
  const results = new Map();
  const pending = [...steps];
  let running = 0;
  let busy = 0;
  const passed = (name) => results.get(name)?.status === 0;
  const failed = (name) => results.has(name) && results.get(name).status !== 0;

  return new Promise((resolveAll) => {
    const finish = (step, result) => {
      results.set(step.name, result);
      onFinish(step, result);
    };
    const next = () => {
      let changed = true;
      // A step failing for want of its needs can make later steps fail the same way: loop until
      // nothing more can be settled or started.
      while (changed) {
        changed = false;
        for (const step of [...pending]) {
          const needs = (step.needs ?? []).filter((need) => names.has(need));
          const failedNeeds = needs.filter(failed);
          if (failedNeeds.length > 0) {
            pending.splice(pending.indexOf(step), 1);
            const now = Date.now();
            finish(step, { status: 1, output: `not run: ${failedNeeds.join(', ')} failed\n`, startedAt: now, ms: 0 });
            changed = true;
            continue;
          }
          if (!needs.every(passed)) continue;
          const after = (step.after ?? []).filter((name) => names.has(name));
          if (!after.every((name) => results.has(name))) continue;
          // On one core (CONCIERGE_TEST_JOBS=1) every step runs alone, fractional ones too.
          const width = cores <= 1 ? 1 : Math.min(Math.max(step.cores, 0.25), cores);
          if (busy + width > cores) continue;
          pending.splice(pending.indexOf(step), 1);
          busy += width;
          running += 1;
          const startedAt = Date.now();
          onStart(step);
          Promise.resolve()
            .then(() => step.run())
            .catch((error) => ({ status: 1, output: `${error?.stack ?? error}\n` }))
            .then((result) => {
              busy -= width;
              running -= 1;
              finish(step, { ...result, startedAt, ms: Date.now() - startedAt });
              next();
            });
        }
      }
      if (pending.length === 0 && running === 0) resolveAll(results);
    };
    next();
  });
}
