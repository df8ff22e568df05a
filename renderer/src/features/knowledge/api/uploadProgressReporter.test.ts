import { describe, expect, it, vi } from 'vitest';
import { createUploadProgressReporter } from './uploadProgressReporter.ts';

function setup(answer: boolean | Error = true) {
  let clock = 0;
  const report = vi.fn((_percent: number) =>
    answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer),
  );
  const onGone = vi.fn();
  const reporter = createUploadProgressReporter({ report, onGone, intervalMs: 5000, now: () => clock });
  return { reporter, report, onGone, advance: (ms: number) => (clock += ms) };
}

describe('upload progress reports', () => {
  it('reports at most once per interval while bytes move, and the end at once', async () => {
    const { reporter, report, advance } = setup();
    reporter.update(0.1);
    reporter.update(0.2);
    advance(4999);
    reporter.update(0.3);
    advance(1);
    reporter.update(0.35);
    reporter.update(1);
    await reporter.flush();
    expect(report.mock.calls.map(([percent]) => percent)).toEqual([10, 35, 100]);
  });

  it('goes quiet when no byte moved, so the server can tell a stalled upload', async () => {
    const { reporter, report, advance } = setup();
    reporter.update(0.5);
    advance(60_000);
    reporter.update(0.5);
    reporter.update(0.4);
    await reporter.flush();
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('says once that the server no longer waits for the file, then stops reporting', async () => {
    const { reporter, report, onGone, advance } = setup(false);
    reporter.update(0.2);
    await reporter.flush();
    advance(10_000);
    reporter.update(0.6);
    reporter.update(1);
    await reporter.flush();
    expect(onGone).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('takes a report that failed to arrive as a missed sign of life only', async () => {
    const { reporter, onGone } = setup(new Error('offline'));
    reporter.update(0.2);
    await expect(reporter.flush()).resolves.toBeUndefined();
    expect(onGone).not.toHaveBeenCalled();
  });
});
