/**
 * The one clock of a live voice call, for every voice channel (browser voice, phone ConversationRelay,
 * phone Media Streams). While the call lasts it:
 *   - renews the call's lease on a fixed schedule, reporting only whether the caller was heard since
 *     the previous renewal (the connection being open proves nothing about a person);
 *   - when the reservation cannot grow (`final`) and ends before the next renewal plus the goodbye's
 *     time, asks the channel to say goodbye; the call then ends when the lease says it is over;
 *   - after the agent's idle seconds without the caller (counted from the caller's last sound or the
 *     end of the agent's last line) asks for the goodbye, and hangs up if that goodbye is still not
 *     said a goodbye's time later;
 *   - hangs up when the lease is over, or when renewals fail several times in a row (Postgres
 *     unreachable: the sweeper settles the call).
 * The channel says goodbye and hangs up its own way (hooks); the clock holds only the timing rules.
 */

/** How long before a final reservation ends the agent says goodbye. */
export const GOODBYE_SECONDS = 20;

/** Lease renewals failing in a row (Postgres unreachable) before a voice call stops: the sweeper settles it. */
export const MAX_FAILED_RENEWALS = 3;

/** What a renewal reports: whether the caller's audio reached the call since the previous renewal. */
export interface PresenceEvidence {
  callerAudio: boolean;
}

/**
 * A renewal's answer: not alive once the call is over; `final` when the reservation cannot grow;
 * `idleSeconds`, the agent's idle cut-off (absent: no cut-off).
 */
export interface LeaseRenewal {
  alive: boolean;
  secondsLeft: number;
  final: boolean;
  idleSeconds?: number;
}

/** A lease as the phone's call store answers it (`open` rather than `alive`), as a renewal. */
export function leaseRenewal(lease: {
  open: boolean;
  secondsLeft: number;
  final: boolean;
  idleSeconds?: number;
}): LeaseRenewal {
  return {
    alive: lease.open,
    secondsLeft: lease.secondsLeft,
    final: lease.final,
    ...(lease.idleSeconds !== undefined ? { idleSeconds: lease.idleSeconds } : {}),
  };
}

/** Why the agent says goodbye: the reservation ends, the caller went quiet, or the host is draining. */
export type GoodbyeReason = 'reservation' | 'idle' | 'draining';

/**
 * Why the clock hangs up: the lease is over, renewals kept failing, or the idle goodbye was asked
 * for and never said.
 */
export type HangUpReason = 'lease_over' | 'unreachable' | 'idle';

/**
 * The end-of-credit rule: on a renewal, a final reservation that ends before the next renewal plus
 * the goodbye's time means the agent says goodbye now.
 */
export function goodbyeDue(lease: { final: boolean; secondsLeft: number }, renewMs: number): boolean {
  return lease.final && lease.secondsLeft <= GOODBYE_SECONDS + renewMs / 1000;
}

/**
 * The idle cut-off rule: the caller has been silent for the agent's idle seconds since the last
 * activity (their sound, or the end of the agent's line).
 */
export function idleCutOffDue(idleSeconds: number | undefined, lastActivityMs: number, nowMs: number): boolean {
  return idleSeconds !== undefined && nowMs - lastActivityMs >= idleSeconds * 1000;
}

export interface CallClockHooks {
  /** Renews the call's lease with the evidence of a person since the previous renewal. */
  heartbeat(evidence: PresenceEvidence): Promise<LeaseRenewal>;
  /** The agent should say goodbye now (asked at most once per call). */
  sayGoodbye(reason: GoodbyeReason): void;
  /** The call must end now. */
  hangUp(reason: HangUpReason): void;
  /** A renewal failed (it is retried on schedule). */
  heartbeatFailed?(error: unknown): void;
  /** The caller is waiting for a reply: their silence is not idleness. */
  replying?(): boolean;
  /** Milliseconds between renewals. */
  renewMs: number;
}

export interface CallClock {
  /** The caller was heard (audio or a turn): evidence for the next renewal; their silence restarts. */
  callerHeard(): void;
  /** The agent finished a line: the caller's silence counts from now. */
  agentFinished(): void;
  /** Asks for the goodbye now; false when one was already asked (a call has one goodbye). */
  goodbye(reason: GoodbyeReason): boolean;
  /**
   * The line being said now answers the goodbye asked, if any: its reason, or null. After this the
   * idle goodbye no longer hangs up by itself.
   */
  goodbyeSaid(): GoodbyeReason | null;
  /** Cancels every timer; renewals still under way are then ignored. */
  stop(): void;
  /** Reports caller audio not yet reported (the bill counts it), after stop(). */
  reportPending(): Promise<void>;
}

/** Starts the clock of one call: the first renewal comes `renewMs` from now. */
export function startCallClock(hooks: CallClockHooks): CallClock {
  const presence = { callerAudio: false, lastActivity: Date.now() };
  const goodbye: { state: 'no' | 'asked' | 'said'; reason: GoodbyeReason; askedAt: number } = {
    state: 'no',
    reason: 'reservation',
    askedAt: 0,
  };
  let failedRenewals = 0;
  let stopped = false;
  let callerReported = false;

  const askGoodbye = (reason: GoodbyeReason): boolean => {
    if (stopped || goodbye.state !== 'no') return false;
    goodbye.state = 'asked';
    goodbye.reason = reason;
    goodbye.askedAt = Date.now();
    hooks.sayGoodbye(reason);
    return true;
  };

  const onLease = (lease: LeaseRenewal) => {
    if (stopped) return;
    if (!lease.alive) return hooks.hangUp('lease_over');
    const now = Date.now();
    if (goodbyeDue(lease, hooks.renewMs)) askGoodbye('reservation');
    else if (!hooks.replying?.() && idleCutOffDue(lease.idleSeconds, presence.lastActivity, now)) askGoodbye('idle');
    // A goodbye the agent never says must not keep an idle call open.
    if (goodbye.state === 'asked' && goodbye.reason === 'idle' && now - goodbye.askedAt >= GOODBYE_SECONDS * 1000)
      hooks.hangUp('idle');
  };

  const renew = () => {
    const evidence = { callerAudio: presence.callerAudio };
    presence.callerAudio = false;
    hooks
      .heartbeat(evidence)
      .then(onLease)
      .then(() => {
        failedRenewals = 0;
      })
      .catch((error: unknown) => {
        // Not reported: the next renewal reports it.
        presence.callerAudio ||= evidence.callerAudio;
        if (stopped) return;
        hooks.heartbeatFailed?.(error);
        if (++failedRenewals >= MAX_FAILED_RENEWALS) hooks.hangUp('unreachable');
      });
  };
  const timer = setInterval(renew, hooks.renewMs);
  // The call's socket keeps a host alive while the call lasts; the timer alone must not (Node's unref).
  (timer as { unref?: () => void }).unref?.();

  return {
    callerHeard() {
      presence.callerAudio = true;
      presence.lastActivity = Date.now();
      // The first sign of a person is reported at once, not at the next renewal: a call the page
      // ends a few seconds after the caller spoke must still be billed as heard.
      if (!callerReported && !stopped) {
        callerReported = true;
        renew();
      }
    },
    agentFinished() {
      presence.lastActivity = Date.now();
    },
    goodbye: askGoodbye,
    goodbyeSaid() {
      if (goodbye.state !== 'asked') return null;
      goodbye.state = 'said';
      return goodbye.reason;
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    async reportPending() {
      if (!presence.callerAudio) return;
      presence.callerAudio = false;
      await hooks.heartbeat({ callerAudio: true });
    },
  };
}
