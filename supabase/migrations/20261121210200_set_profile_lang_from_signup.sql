-- A new profile takes the interface language the person signed up in (sign-up metadata `lang`,
-- en or fr), so someone who registers in French is not switched to English at first sign-in.
-- Without it the default stays en. Same body as before otherwise.
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profiles (id, name, email, avatar, email_verified, last_login, lang)
  values (
    new.id,
    left(coalesce(nullif(new.raw_user_meta_data ->> 'name', ''), nullif(new.raw_user_meta_data ->> 'full_name', ''),
                  split_part(coalesce(new.email, ''), '@', 1)), 200),
    new.email,
    nullif(coalesce(new.raw_user_meta_data ->> 'avatar_url', new.raw_user_meta_data ->> 'picture'), ''),
    new.email_confirmed_at is not null,
    new.last_sign_in_at,
    case when new.raw_user_meta_data ->> 'lang' in ('en', 'fr') then new.raw_user_meta_data ->> 'lang' else 'en' end
  );
  insert into public.subscription_usage (user_id) values (new.id);
  insert into public.credit_ledger (user_id, type, amount, description) values (new.id, 'signup_bonus', 30, 'Welcome credits');
  return new;
end
$$;
revoke all on function private.handle_new_user() from public;
