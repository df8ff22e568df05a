-- Packs are saved as a whole by an admin: the console sends the full
-- list; this RPC validates every pack with the pack form's number rules (restated by
-- supabase/functions/_shared/contracts/packs.ts, a test proves both agree), upserts them in list
-- order and deletes the packs left out, in one transaction. Admin only, checked here.

-- One numeric field of a pack: a JSON number, whole or with at most 2 decimals (prices, step
-- 0.01), at least `minimum`, or exactly -1 where -1 means unlimited.
create or replace function private.pack_number(item jsonb, field text, minimum numeric, whole boolean,
  unlimited boolean default false, maximum numeric default 1000000000) returns numeric
language plpgsql immutable set search_path = '' as $$
declare
  v numeric;
begin
  if jsonb_typeof(item -> field) is distinct from 'number' then
    raise exception '% must be a number', field using errcode = '22023';
  end if;
  v := (item ->> field)::numeric;
  if whole and v <> trunc(v) then
    raise exception '% must be a whole number', field using errcode = '22023';
  end if;
  if not whole and v <> round(v, 2) then
    raise exception '% has at most 2 decimals', field using errcode = '22023';
  end if;
  if (v < minimum and not (unlimited and v = -1)) or v > maximum then
    raise exception '% must be between % and %', field, minimum, maximum using errcode = '22023';
  end if;
  return v;
end
$$;

-- One text choice of a pack (support, AI call summary, voice cloning, CRM).
create or replace function private.pack_choice(item jsonb, field text, choices text[]) returns text
language plpgsql immutable set search_path = '' as $$
begin
  if jsonb_typeof(item -> field) is distinct from 'string' or not ((item ->> field) = any (choices)) then
    raise exception '% must be one of %', field, array_to_string(choices, ', ') using errcode = '22023';
  end if;
  return item ->> field;
end
$$;

create or replace function public.admin_save_packs(packs jsonb) returns setof public.packs
language plpgsql security definer set search_path = '' as $$
declare
  item jsonb;
  pos integer := 0;
  kept text[] := '{}';
  pack_id text;
  pack_name text;
  in_use text;
begin
  if not private.is_admin() then
    raise exception 'Only an admin can change packs' using errcode = '42501';
  end if;
  if jsonb_typeof(admin_save_packs.packs) is distinct from 'array' or jsonb_array_length(admin_save_packs.packs) > 50 then
    raise exception 'packs must be a list of at most 50 packs' using errcode = '22023';
  end if;
  -- Two admins saving at once: the second waits and its list wins whole, never a mix of both.
  lock table public.packs in share row exclusive mode;
  for item in select e.value from jsonb_array_elements(admin_save_packs.packs) e loop
    pos := pos + 1;
    if jsonb_typeof(item) <> 'object' then
      raise exception 'pack % is not an object', pos using errcode = '22023';
    end if;
    pack_id := item ->> 'id';
    if pack_id is null or pack_id !~ '^[A-Za-z0-9_-]{1,64}$' then
      raise exception 'pack % has an invalid id', pos using errcode = '22023';
    end if;
    if pack_id = any (kept) then
      raise exception 'pack id % appears twice', pack_id using errcode = '22023';
    end if;
    kept := kept || pack_id;
    pack_name := btrim(coalesce(item ->> 'name', ''));
    if char_length(pack_name) not between 1 and 100 then
      raise exception 'pack % needs a name of 1 to 100 characters', pos using errcode = '22023';
    end if;
    if jsonb_typeof(item -> 'transcription') is distinct from 'boolean'
       or jsonb_typeof(item -> 'active') is distinct from 'boolean' then
      raise exception 'transcription and active must be true or false' using errcode = '22023';
    end if;
    if jsonb_typeof(item -> 'crm_integrations') is distinct from 'null' then
      perform private.pack_choice(item, 'crm_integrations', array['None', 'Standard', 'Premium', 'Enterprise']);
    end if;
    insert into public.packs as k (id, name, monthly_price, yearly_price, credits, monthly_credits, minutes, users,
      support, transcription, ai_call_summary, voice_cloning, crm_integrations, whatsapp_conversations, max_agents,
      active, sort_order)
    values (
      pack_id, pack_name,
      private.pack_number(item, 'monthly_price', 0, false, maximum => 1000000),
      private.pack_number(item, 'yearly_price', 0, false, maximum => 1000000),
      -- 1 credit = 1 minute: buying a pack grants its minutes.
      private.pack_number(item, 'minutes', 0, true)::integer,
      private.pack_number(item, 'minutes', 0, true)::integer,
      private.pack_number(item, 'minutes', 0, true)::integer,
      private.pack_number(item, 'users', 1, true, true)::integer,
      private.pack_choice(item, 'support', array['Email', 'Priority', '24/7']),
      (item ->> 'transcription')::boolean,
      private.pack_choice(item, 'ai_call_summary', array['Basic', 'Advanced', 'Premium']),
      private.pack_choice(item, 'voice_cloning', array['Basic', 'Advanced', 'Premium']),
      item ->> 'crm_integrations',
      private.pack_number(item, 'whatsapp_conversations', 0, true, true)::integer,
      private.pack_number(item, 'max_agents', 1, true, true)::integer,
      (item ->> 'active')::boolean,
      pos)
    on conflict (id) do update set
      name = excluded.name, monthly_price = excluded.monthly_price, yearly_price = excluded.yearly_price,
      credits = excluded.credits, minutes = excluded.minutes, users = excluded.users, support = excluded.support,
      transcription = excluded.transcription, ai_call_summary = excluded.ai_call_summary,
      voice_cloning = excluded.voice_cloning, crm_integrations = excluded.crm_integrations,
      whatsapp_conversations = excluded.whatsapp_conversations, max_agents = excluded.max_agents,
      active = excluded.active, sort_order = excluded.sort_order;
  end loop;
  -- Every user without a subscription is on the free pack, and subscriptions keep their pack:
  -- those are made inactive, not deleted.
  if not ('free' = any (kept)) and exists (select 1 from public.packs k where k.id = 'free') then
    raise exception 'The free pack cannot be deleted; make it inactive instead' using errcode = '23503';
  end if;
  select string_agg(k.name, ', ' order by k.name) into in_use
    from public.packs k
   where not (k.id = any (kept)) and exists (select 1 from public.subscriptions s where s.pack_id = k.id);
  if in_use is not null then
    raise exception 'Packs with subscriptions cannot be deleted; make them inactive instead: %', in_use
      using errcode = '23503';
  end if;
  delete from public.packs k where not (k.id = any (kept));
  return query select k.* from public.packs k order by k.sort_order, k.monthly_price;
end
$$;

revoke all on function private.pack_number(jsonb, text, numeric, boolean, boolean, numeric),
  private.pack_choice(jsonb, text, text[]) from public;
revoke all on function public.admin_save_packs(jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_packs(jsonb) to authenticated;
