/**
 * The call store a host uses when none is injected: Postgres through the service role (the
 * relay is a server acting for calls it authenticated; RPCs of migration 20261125120000).
 */
import { createPhoneCallStore } from '../_shared/phone/call-store-db.ts';
import type { PhoneCallStore } from '../_shared/phone/call-store.ts';
import { createServiceClient, type FunctionEnv } from '../_shared/platform/env.ts';

export function defaultCallStore(env: FunctionEnv): PhoneCallStore {
  return createPhoneCallStore(createServiceClient(env));
}
