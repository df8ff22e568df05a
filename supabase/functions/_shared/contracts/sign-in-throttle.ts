/**
 * Failed password sign-ins are throttled per account by the Auth password hook in SQL
 * (private.password_verification_attempt): after MAX_FAILURES wrong passwords within
 * WINDOW_MINUTES, every password sign-in to the account is refused for LOCK_MINUTES, even with the
 * right password; a successful sign-in resets the count. Auth passes the hook's refusal message
 * through unchanged (as an `invalid_credentials` error), so its wording is this contract: the
 * console reads the wait from it and words it in the user's language.
 */
export const SIGN_IN_THROTTLE = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;

const refusal = /^Too many failed sign-in attempts\. Try again in (\d+) minutes\.$/;

/** The refusal's wording, as the SQL hook writes it. */
export function signInThrottleMessage(waitMinutes: number): string {
  return `Too many failed sign-in attempts. Try again in ${waitMinutes} minutes.`;
}

/** Minutes to wait named by a throttle refusal, or null when `message` is not one. */
export function signInWaitMinutes(message: string): number | null {
  const match = refusal.exec(message);
  return match ? Number(match[1]) : null;
}
