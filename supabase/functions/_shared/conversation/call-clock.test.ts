import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GOODBYE_SECONDS,
  goodbyeDue,
  idleCutOffDue,
  leaseRenewal,
  MAX_FAILED_RENEWALS,
  startCallClock,
  type CallClockHooks,
  type LeaseRenewal,
  type PresenceEvidence,
} from './call-clock.ts';

const RENEW_MS = 15_000;
const OPEN: LeaseRenewal = { alive: true, secondsLeft: 300, final: false };

/** A clock whose heartbeat answers with `leases` in turn (the last one repeats); an Error rejects. */
function clockWith(leases: (LeaseRenewal | Error)[], extra: Partial<CallClockHooks> = {}) {
  const evidence: PresenceEvidence[] = [];
  const goodbyes: string[] = [];
  const hangUps: string[] = [];
  const failures: unknown[] = [];
  let next = 0;
  const clock = startCallClock({
    renewMs: RENEW_MS,
    heartbeat: async (seen) => {
      evidence.push(seen);
      const answer = leases[Math.min(next++, leases.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    sayGoodbye: (reason) => goodbyes.push(reason),
    hangUp: (reason) => hangUps.push(reason),
    heartbeatFailed: (error) => failures.push(error),
    ...extra,
  });
  return { clock, evidence, goodbyes, hangUps, failures };
}

describe('the call clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews the lease on schedule, reporting only whether the caller was heard since the last renewal', async () => {
    const { clock, evidence, goodbyes, hangUps } = clockWith([OPEN]);
    await vi.advanceTimersByTimeAsync(RENEW_MS - 1);
    expect(evidence).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(evidence).toEqual([{ callerAudio: false }]);
    // The first sign of the caller is reported at once; later ones wait for the next renewal.
    clock.callerHeard();
    await vi.advanceTimersByTimeAsync(0);
    expect(evidence).toEqual([{ callerAudio: false }, { callerAudio: true }]);
    clock.callerHeard();
    await vi.advanceTimersByTimeAsync(RENEW_MS - 1);
    expect(evidence).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(evidence).toEqual([
      { callerAudio: false },
      { callerAudio: true },
      { callerAudio: true },
      { callerAudio: false },
    ]);
    expect(goodbyes).toEqual([]);
    expect(hangUps).toEqual([]);
    clock.stop();
  });

  it('asks for the goodbye once a final reservation ends within the goodbye and the next renewal, then ends when the lease is over', async () => {
    const { clock, goodbyes, hangUps } = clockWith([
      { alive: true, final: true, secondsLeft: GOODBYE_SECONDS + RENEW_MS / 1000 + 1 },
      { alive: true, final: true, secondsLeft: GOODBYE_SECONDS + RENEW_MS / 1000 },
      { alive: true, final: true, secondsLeft: 20 },
      { alive: false, final: true, secondsLeft: 0 },
    ]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    // Still more than a goodbye and a renewal away.
    expect(goodbyes).toEqual([]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(goodbyes).toEqual(['reservation']);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    // One goodbye per call.
    expect(goodbyes).toEqual(['reservation']);
    expect(hangUps).toEqual([]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(hangUps).toEqual(['lease_over']);
    clock.stop();
  });

  it("asks for the goodbye after the agent's idle seconds of the caller's silence, and hangs up if it is never said", async () => {
    const idle = { ...OPEN, idleSeconds: 40 };
    const { clock, goodbyes, hangUps } = clockWith([idle]);
    await vi.advanceTimersByTimeAsync(RENEW_MS * 2);
    expect(goodbyes).toEqual([]);
    // The caller speaks at 30 s: their silence counts from there.
    clock.callerHeard();
    await vi.advanceTimersByTimeAsync(RENEW_MS * 2);
    expect(goodbyes).toEqual([]);
    // The agent finishes a line at 60 s.
    clock.agentFinished();
    await vi.advanceTimersByTimeAsync(RENEW_MS * 2);
    expect(goodbyes).toEqual([]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(goodbyes).toEqual(['idle']);
    expect(hangUps).toEqual([]);
    // The goodbye asked at 105 s is still not said a goodbye's time later.
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(hangUps).toEqual([]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(hangUps).toEqual(['idle']);
    clock.stop();
  });

  it('does not hang up on an idle goodbye that was said, and never counts a caller waiting for a reply as idle', async () => {
    let replying = true;
    const { clock, goodbyes, hangUps } = clockWith([{ ...OPEN, idleSeconds: 10 }], { replying: () => replying });
    await vi.advanceTimersByTimeAsync(RENEW_MS * 3);
    expect(goodbyes).toEqual([]);
    replying = false;
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(goodbyes).toEqual(['idle']);
    expect(clock.goodbyeSaid()).toBe('idle');
    expect(clock.goodbyeSaid()).toBeNull();
    await vi.advanceTimersByTimeAsync(RENEW_MS * 4);
    expect(hangUps).toEqual([]);
    clock.stop();
  });

  it('hangs up at once when the lease is over', async () => {
    const { clock, goodbyes, hangUps } = clockWith([{ alive: false, final: true, secondsLeft: 0 }]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(hangUps).toEqual(['lease_over']);
    expect(goodbyes).toEqual([]);
    clock.stop();
  });

  it('hangs up after renewals fail several times in a row, and keeps the unreported caller audio for the next one', async () => {
    const down = new Error('postgres unreachable');
    const { clock, evidence, failures, hangUps } = clockWith([down, OPEN, down, down, down]);
    // Reported at once, and that report fails.
    clock.callerHeard();
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual([down]);
    // A success in between resets the count; the failed renewal's evidence was reported again.
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(evidence.map((e) => e.callerAudio)).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(RENEW_MS * (MAX_FAILED_RENEWALS - 1));
    expect(hangUps).toEqual([]);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(hangUps).toEqual(['unreachable']);
    expect(failures).toHaveLength(1 + MAX_FAILED_RENEWALS);
    clock.stop();
  });

  it('asks for one goodbye whatever the reason: a drain first means no reservation goodbye later', async () => {
    const { clock, goodbyes } = clockWith([{ alive: true, final: true, secondsLeft: 10 }]);
    expect(clock.goodbye('draining')).toBe(true);
    expect(clock.goodbye('draining')).toBe(false);
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(goodbyes).toEqual(['draining']);
    expect(clock.goodbyeSaid()).toBe('draining');
    clock.stop();
  });

  it('stop() cancels every timer: no renewal, goodbye or hang-up afterwards, not even from a renewal under way', async () => {
    let answer!: (lease: LeaseRenewal) => void;
    const { clock, evidence, goodbyes, hangUps } = clockWith([OPEN], {
      heartbeat: (seen) => {
        evidence.push(seen);
        return new Promise<LeaseRenewal>((resolve) => (answer = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(RENEW_MS);
    expect(evidence).toHaveLength(1);
    clock.stop();
    expect(vi.getTimerCount()).toBe(0);
    answer({ alive: false, final: true, secondsLeft: 0 });
    await vi.advanceTimersByTimeAsync(RENEW_MS * 10);
    expect(evidence).toHaveLength(1);
    expect(hangUps).toEqual([]);
    expect(goodbyes).toEqual([]);
    expect(clock.goodbye('idle')).toBe(false);
  });

  it('reports caller audio heard since the last renewal once the call stops, and nothing when there is none', async () => {
    const { clock, evidence } = clockWith([OPEN]);
    clock.stop();
    await clock.reportPending();
    expect(evidence).toEqual([]);
    clock.callerHeard();
    await clock.reportPending();
    await clock.reportPending();
    expect(evidence).toEqual([{ callerAudio: true }]);
  });
});

describe('the clock rules', () => {
  it('says goodbye on a final reservation within the goodbye plus one renewal, never on one that can grow', () => {
    expect(goodbyeDue({ final: true, secondsLeft: 35 }, 15_000)).toBe(true);
    expect(goodbyeDue({ final: true, secondsLeft: 36 }, 15_000)).toBe(false);
    expect(goodbyeDue({ final: false, secondsLeft: 1 }, 15_000)).toBe(false);
  });

  it('cuts an idle call only when the agent has idle seconds and they have passed', () => {
    expect(idleCutOffDue(undefined, 0, 1_000_000)).toBe(false);
    expect(idleCutOffDue(30, 0, 29_999)).toBe(false);
    expect(idleCutOffDue(30, 0, 30_000)).toBe(true);
  });

  it("reads the phone store's lease (open) as a renewal (alive)", () => {
    expect(leaseRenewal({ open: false, secondsLeft: 0, final: true })).toEqual({
      alive: false,
      secondsLeft: 0,
      final: true,
    });
    expect(leaseRenewal({ open: true, secondsLeft: 60, final: false, idleSeconds: 30 })).toEqual({
      alive: true,
      secondsLeft: 60,
      final: false,
      idleSeconds: 30,
    });
  });
});
