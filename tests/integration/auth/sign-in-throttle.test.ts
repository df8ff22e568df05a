import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE, signInWaitMinutes } from '../../../supabase/functions/_shared/contracts/sign-in-throttle.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

/** The project's password hook throttles failed sign-ins per account (supabase/config.toml). */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

let counter = 0;
async function newAccount(password = 'right-password-1') {
  const email = `throttle-${Date.now()}-${counter++}@example.com`;
  const { data, error } = await stack.serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  expect(error).toBeNull();
  return { email, password, id: data.user!.id };
}

const signIn = (email: string, password: string) => stack.anonClient().auth.signInWithPassword({ email, password });

describe('failed sign-in throttle per account', () => {
  it('after 5 wrong passwords the account refuses even the right password, naming the wait, until the lock ends', async () => {
    const account = await newAccount();
    const other = await newAccount();
    for (let i = 1; i < SIGN_IN_THROTTLE.maxFailures; i++) {
      const wrong = await signIn(account.email, 'wrong-password');
      expect(wrong.error?.code).toBe('invalid_credentials');
      expect(signInWaitMinutes(wrong.error!.message)).toBeNull();
    }
    const fifth = await signIn(account.email, 'wrong-password');
    expect(fifth.error?.status).toBe(400);
    expect(signInWaitMinutes(fifth.error!.message)).toBe(SIGN_IN_THROTTLE.lockMinutes);

    const sixth = await signIn(account.email, account.password);
    expect(sixth.data.session).toBeNull();
    expect(sixth.error?.code).toBe('invalid_credentials');
    expect(signInWaitMinutes(sixth.error!.message)).toBeGreaterThan(0);

    // Other accounts are not affected.
    const otherSignIn = await signIn(other.email, other.password);
    expect(otherSignIn.error).toBeNull();

    // Once the lock has passed, the right password signs in again.
    await stack.db.query(
      `update private.sign_in_failures set locked_until = now() - interval '1 second',
         window_started_at = now() - interval '16 minutes' where user_id = $1`,
      [account.id],
    );
    const after = await signIn(account.email, account.password);
    expect(after.error).toBeNull();
    expect(after.data.session?.user.id).toBe(account.id);
  });

  it('a successful sign-in resets the count of wrong passwords', async () => {
    const account = await newAccount();
    for (let i = 1; i < SIGN_IN_THROTTLE.maxFailures; i++) await signIn(account.email, 'wrong-password');
    expect((await signIn(account.email, account.password)).error).toBeNull();
    for (let i = 1; i < SIGN_IN_THROTTLE.maxFailures; i++) {
      const wrong = await signIn(account.email, 'wrong-password');
      expect(signInWaitMinutes(wrong.error!.message)).toBeNull();
    }
    expect((await signIn(account.email, account.password)).error).toBeNull();
  });

  it('wrong passwords older than the window do not count', async () => {
    const account = await newAccount();
    for (let i = 1; i < SIGN_IN_THROTTLE.maxFailures; i++) await signIn(account.email, 'wrong-password');
    await stack.db.query(
      `update private.sign_in_failures set window_started_at = now() - interval '16 minutes' where user_id = $1`,
      [account.id],
    );
    const wrong = await signIn(account.email, 'wrong-password');
    expect(signInWaitMinutes(wrong.error!.message)).toBeNull();
    expect((await signIn(account.email, account.password)).error).toBeNull();
  });

  it('clients can neither read the attempts table nor call the hook', async () => {
    const account = await newAccount();
    await signIn(account.email, 'wrong-password');
    const owner = stack.anonClient();
    await owner.auth.signInWithPassword({ email: account.email, password: account.password });
    for (const client of [stack.anonClient(), owner, stack.serviceClient()]) {
      const read = await client
        .schema('private' as 'public')
        .from('sign_in_failures' as 'profiles')
        .select('*');
      expect(read.data).toBeNull();
      expect(read.error).not.toBeNull();
      const call = await client.rpc(
        'password_verification_attempt' as 'public_agent',
        {
          event: { user_id: account.id, valid: true },
        } as never,
      );
      expect(call.error).not.toBeNull();
    }
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const { rows } = await stack.db.query<{ table_ok: boolean; fn_ok: boolean }>(
        `select has_table_privilege($1, 'private.sign_in_failures', 'select, insert, update, delete') as table_ok,
                has_function_privilege($1, 'private.password_verification_attempt(jsonb)', 'execute') as fn_ok`,
        [role],
      );
      expect(rows[0]).toEqual({ table_ok: false, fn_ok: false });
    }
    const { rows } = await stack.db.query<{ fn_ok: boolean; rls: boolean }>(
      `select has_function_privilege('supabase_auth_admin', 'private.password_verification_attempt(jsonb)', 'execute') as fn_ok,
              (select relrowsecurity from pg_class where oid = 'private.sign_in_failures'::regclass) as rls`,
    );
    expect(rows[0]).toEqual({ fn_ok: true, rls: true });
  });
});
