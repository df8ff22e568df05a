-- Failed password sign-ins are throttled per account: after 5 wrong passwords within 15 minutes,
-- the account refuses every password sign-in (even the right password) for 15 minutes; a
-- successful sign-in clears the count. Supabase Auth asks this function after each password check
-- (the password verification attempt hook, configured in config.toml); only the Auth server's role
-- may call it, and nobody else can read or write the counts.

create table private.sign_in_failures (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- wrong passwords since window_started_at
  failures integer not null default 0 check (failures >= 0),
  window_started_at timestamptz not null default now(),
  -- while in the future, password sign-ins to the account are refused
  locked_until timestamptz
);

alter table private.sign_in_failures enable row level security;
-- No grant and a policy that refuses every client role: nobody sees or changes the counts; the
-- definer hook below is the only reader and writer.
revoke all on table private.sign_in_failures from public, anon, authenticated, service_role;
create policy "no client reads or writes sign-in failures" on private.sign_in_failures
  as restrictive for all to anon, authenticated using (false) with check (false);

-- Input: {"user_id": uuid, "valid": boolean}. Output: {"decision": "continue"} or
-- {"decision": "reject", "message": ..., "should_logout_user": false}. The message's wording is a
-- contract the console parses to tell the user how long to wait (sign-in-throttle.ts).
create or replace function private.password_verification_attempt(event jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  max_failures constant integer := 5;
  window_length constant interval := interval '15 minutes';
  lock_length constant interval := interval '15 minutes';
  attempt_user uuid := (event ->> 'user_id')::uuid;
  attempt_valid boolean := coalesce((event ->> 'valid')::boolean, false);
  row_now private.sign_in_failures;
  wait_minutes integer;
begin
  if attempt_user is null then
    return jsonb_build_object('decision', 'continue');
  end if;

  select * into row_now from private.sign_in_failures f where f.user_id = attempt_user for update;

  if row_now.locked_until is null or row_now.locked_until <= now() then
    if attempt_valid then
      delete from private.sign_in_failures f where f.user_id = attempt_user;
      return jsonb_build_object('decision', 'continue');
    end if;
    insert into private.sign_in_failures as f (user_id, failures, window_started_at, locked_until)
    values (attempt_user, 1, now(), null)
    on conflict (user_id) do update
      set failures = case when f.window_started_at > now() - window_length and f.locked_until is null
                          then f.failures + 1 else 1 end,
          window_started_at = case when f.window_started_at > now() - window_length and f.locked_until is null
                                   then f.window_started_at else now() end,
          locked_until = null
    returning * into row_now;
    if row_now.failures < max_failures then
      return jsonb_build_object('decision', 'continue');
    end if;
    update private.sign_in_failures f set locked_until = now() + lock_length
    where f.user_id = attempt_user
    returning * into row_now;
  end if;

  wait_minutes := greatest(1, ceil(extract(epoch from (row_now.locked_until - now())) / 60)::integer);
  return jsonb_build_object(
    'decision', 'reject',
    'message', format('Too many failed sign-in attempts. Try again in %s minutes.', wait_minutes),
    'should_logout_user', false
  );
end
$$;

revoke all on function private.password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant usage on schema private to supabase_auth_admin;
grant execute on function private.password_verification_attempt(jsonb) to supabase_auth_admin;
