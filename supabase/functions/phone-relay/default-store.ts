/**
 * The call store a host uses when none is injected: Postgres through the service role. The
 * Postgres implementation (call-store-db.ts) belongs to the `calls` part of issue 16; until it is
 * merged, a relay without an injected store refuses to start rather than pretend.
 */
import type { PhoneCallStore } from '../_shared/phone/call-store.ts';
import type { FunctionEnv } from '../_shared/platform/env.ts';

export function defaultCallStore(_env: FunctionEnv): PhoneCallStore {
  throw new Error('phone-relay: the Postgres call store (call-store-db.ts) is not installed yet');
}
