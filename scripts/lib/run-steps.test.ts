import { describe, expect, it } from 'vitest';
import { runSteps } from './run-steps.mjs';

interface Probe {
  events: string[];
  /** The most cores in use at once. */
  peak: number;
}

/** A step that records when it starts and ends and holds its cores until `release` is called. */
function probeSteps(
  specs: { name: string; cores: number; needs?: string[]; after?: string[]; status?: number }[],
  probe: Probe,
) {
  let inUse = 0;
  const releases = new Map<string, () => void>();
  const steps = specs.map((spec) => ({
    ...spec,
    run: () =>
      new Promise<{ status: number; output: string }>((resolve) => {
        probe.events.push(`start ${spec.name}`);
        inUse += spec.cores;
        probe.peak = Math.max(probe.peak, inUse);
        releases.set(spec.name, () => {
          inUse -= spec.cores;
          probe.events.push(`end ${spec.name}`);
          resolve({ status: spec.status ?? 0, output: `${spec.name} output\n` });
        });
      }),
  }));
  const release = async (name: string) => {
    // Let the scheduler start what it can, then end the step.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const done = releases.get(name);
    if (!done) throw new Error(`${name} is not running (events: ${probe.events.join(', ')})`);
    done();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { steps, release };
}

describe('runSteps', () => {
  it('runs steps side by side up to the cores, in list order, filling free cores with later steps', async () => {
    const probe: Probe = { events: [], peak: 0 };
    const { steps, release } = probeSteps(
      [
        { name: 'build', cores: 1 },
        { name: 'integration', cores: 2 },
        { name: 'lint', cores: 1 },
        { name: 'format', cores: 1 },
      ],
      probe,
    );
    const done = runSteps(steps, { cores: 2 });
    await release('build');
    await release('lint');
    await release('format');
    await release('integration');
    const results = await done;
    // Integration (2 cores) waits for two free cores; single-core steps fill the gap meanwhile.
    expect(probe.events).toEqual([
      'start build',
      'start lint',
      'end build',
      'start format',
      'end lint',
      'end format',
      'start integration',
      'end integration',
    ]);
    expect(probe.peak).toBe(2);
    expect([...results.keys()]).toEqual(['build', 'lint', 'format', 'integration']);
    expect(results.get('lint')).toMatchObject({ status: 0, output: 'lint output\n' });
  });

  it('starts a step only after its needs passed, and fails it without running it when one failed', async () => {
    const probe: Probe = { events: [], peak: 0 };
    const { steps, release } = probeSteps(
      [
        { name: 'build', cores: 1, status: 1 },
        { name: 'e2e', cores: 1, needs: ['build'] },
        { name: 'after-e2e', cores: 1, needs: ['e2e'] },
        { name: 'lint', cores: 1 },
      ],
      probe,
    );
    const done = runSteps(steps, { cores: 4 });
    await release('build');
    await release('lint');
    const results = await done;
    expect(probe.events).toEqual(['start build', 'start lint', 'end build', 'end lint']);
    expect(results.get('e2e')).toMatchObject({ status: 1, output: 'not run: build failed\n' });
    expect(results.get('after-e2e')).toMatchObject({ status: 1, output: 'not run: e2e failed\n' });
  });

  it('runs steps that mostly wait side by side on a fraction of a core each', async () => {
    const probe: Probe = { events: [], peak: 0 };
    const { steps, release } = probeSteps(
      [
        { name: 'e2e 1/2', cores: 0.5 },
        { name: 'e2e 2/2', cores: 0.5 },
        { name: 'typecheck', cores: 1 },
        { name: 'lint', cores: 1 },
      ],
      probe,
    );
    const done = runSteps(steps, { cores: 2 });
    await release('typecheck');
    await release('lint');
    await release('e2e 1/2');
    await release('e2e 2/2');
    await done;
    expect(probe.events.slice(0, 3)).toEqual(['start e2e 1/2', 'start e2e 2/2', 'start typecheck']);
    expect(probe.events).toContain('start lint');
    expect(probe.peak).toBe(2);
  });

  it('starts a step with `after` once those steps ended, whether they passed or failed', async () => {
    const probe: Probe = { events: [], peak: 0 };
    const { steps, release } = probeSteps(
      [
        { name: 'e2e', cores: 0.5, status: 1 },
        { name: 'integration', cores: 1, after: ['e2e'] },
        { name: 'lint', cores: 1 },
      ],
      probe,
    );
    const done = runSteps(steps, { cores: 2 });
    await release('lint');
    await release('e2e');
    await release('integration');
    const results = await done;
    // Cores were free for integration from the start; it waited for the e2e step to end.
    expect(probe.events).toEqual([
      'start e2e',
      'start lint',
      'end lint',
      'end e2e',
      'start integration',
      'end integration',
    ]);
    expect(results.get('integration')?.status).toBe(0);
    expect(results.get('e2e')?.status).toBe(1);
  });

  it('runs a step wider than the machine alone, and one step at a time on one core', async () => {
    const probe: Probe = { events: [], peak: 0 };
    const { steps, release } = probeSteps(
      [
        { name: 'integration', cores: 2 },
        { name: 'lint', cores: 1 },
      ],
      probe,
    );
    const done = runSteps(steps, { cores: 1 });
    await release('integration');
    await release('lint');
    await done;
    expect(probe.events).toEqual(['start integration', 'end integration', 'start lint', 'end lint']);
  });

  it('ignores needs on steps left out of the run, and reports a step that throws as failed', async () => {
    const results = await runSteps(
      [
        { name: 'e2e', cores: 1, needs: ['build'], run: async () => ({ status: 0, output: '' }) },
        {
          name: 'broken',
          cores: 1,
          run: async () => {
            throw new Error('spawn failed');
          },
        },
      ],
      { cores: 2 },
    );
    expect(results.get('e2e')?.status).toBe(0);
    expect(results.get('broken')).toMatchObject({ status: 1 });
    expect(results.get('broken')?.output).toContain('spawn failed');
  });
});
