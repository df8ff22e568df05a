-- What the agent's tools act on ("tools that really act"): opening hours and
-- appointments (calendar), customers and their interaction log (crm), orders, inventory, payment
-- links (payments) and every message an agent sent by email, SMS or WhatsApp (email, messaging).
-- Rows are written by the agent-chat function as the service role after the engine validated the
-- model's arguments; owners read and manage their agents' rows; visitors have no access at all.

-- Opening hours per weekday (0 = Sunday … 6 = Saturday) in the agent's time zone. No row for a
-- weekday = closed that day; an agent without any row uses Monday–Friday 09:00–18:00.
create table public.calendar_hours (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  weekday smallint not null check (weekday between 0 and 6),
  opens_at time not null,
  closes_at time not null,
  created_at timestamptz not null default now(),
  constraint calendar_hours_order check (opens_at < closes_at),
  constraint calendar_hours_one_range_per_day unique (agent_id, weekday, opens_at),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index calendar_hours_user_id_idx on public.calendar_hours (user_id);

-- Calendar settings per agent: time zone for dates the visitor gives, slot length, Google sync.
create table public.calendar_settings (
  agent_id uuid primary key,
  user_id uuid not null,
  time_zone text not null default 'Europe/Paris' check (char_length(time_zone) between 1 and 64),
  slot_minutes smallint not null default 30 check (slot_minutes between 5 and 480),
  google_calendar_id text check (char_length(google_calendar_id) <= 320),
  updated_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index calendar_settings_user_id_idx on public.calendar_settings (user_id);

-- Appointments in the agent's local time (date + time + time zone, as the visitor said them).
create table public.appointments (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  conversation_id uuid references public.conversations (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null default '' check (char_length(description) <= 2000),
  starts_on date not null,
  starts_at_time time not null,
  duration_minutes integer not null check (duration_minutes between 5 and 1440),
  time_zone text not null check (char_length(time_zone) between 1 and 64),
  status text not null default 'booked' check (status in ('booked', 'cancelled')),
  google_event_id text check (char_length(google_event_id) <= 1024),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index appointments_user_id_idx on public.appointments (user_id);
create index appointments_agent_day_idx on public.appointments (agent_id, starts_on) where status = 'booked';
create index appointments_conversation_id_idx on public.appointments (conversation_id);
create trigger appointments_set_updated_at before update on public.appointments
  for each row execute function private.set_updated_at();

create table public.customers (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  name text not null default '' check (char_length(name) <= 200),
  email text check (char_length(email) <= 320),
  phone text check (char_length(phone) <= 40),
  notes text not null default '' check (char_length(notes) <= 5000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint customers_has_identity check (btrim(name) <> '' or email is not null or phone is not null),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index customers_user_id_idx on public.customers (user_id);
create index customers_agent_email_idx on public.customers (agent_id, lower(email));
create index customers_agent_phone_idx on public.customers (agent_id, phone);
create trigger customers_set_updated_at before update on public.customers
  for each row execute function private.set_updated_at();

create table public.customer_interactions (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null references public.customers (id) on delete cascade,
  agent_id uuid not null,
  user_id uuid not null,
  conversation_id uuid references public.conversations (id) on delete set null,
  channel text check (char_length(channel) <= 20),
  summary text not null check (char_length(btrim(summary)) between 1 and 5000),
  created_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index customer_interactions_user_id_idx on public.customer_interactions (user_id);
create index customer_interactions_customer_idx on public.customer_interactions (customer_id, created_at desc);
create index customer_interactions_conversation_id_idx on public.customer_interactions (conversation_id);

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  customer_id uuid references public.customers (id) on delete set null,
  conversation_id uuid references public.conversations (id) on delete set null,
  status text not null default 'pending'
    check (status in ('pending', 'confirmed', 'preparing', 'shipped', 'delivered', 'cancelled')),
  -- [{product, quantity, unit_price?}]
  items jsonb not null default '[]' check (jsonb_typeof(items) = 'array' and jsonb_array_length(items) between 1 and 100),
  total numeric(12, 2) check (total >= 0),
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index orders_user_id_idx on public.orders (user_id);
create index orders_agent_created_idx on public.orders (agent_id, created_at desc);
create index orders_customer_id_idx on public.orders (customer_id);
create index orders_conversation_id_idx on public.orders (conversation_id);
create trigger orders_set_updated_at before update on public.orders
  for each row execute function private.set_updated_at();

create table public.inventory_items (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  sku text not null check (char_length(btrim(sku)) between 1 and 100),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  description text not null default '' check (char_length(description) <= 2000),
  quantity integer not null default 0 check (quantity >= 0),
  reserved integer not null default 0 check (reserved >= 0 and reserved <= quantity),
  low_stock_threshold integer not null default 5 check (low_stock_threshold >= 0),
  location text check (char_length(location) <= 200),
  price numeric(12, 2) check (price >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inventory_items_agent_sku_key unique (agent_id, sku),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index inventory_items_user_id_idx on public.inventory_items (user_id);
create trigger inventory_items_set_updated_at before update on public.inventory_items
  for each row execute function private.set_updated_at();

-- Stock changes must not race (two visitors reserving the last item): one statement, row-locked,
-- checked by the constraints above. Service role only (the agent-chat function).
create or replace function public.reserve_inventory(agent_id uuid, sku text, quantity integer)
returns public.inventory_items
language plpgsql security definer set search_path = '' as $$
declare
  item public.inventory_items;
begin
  if reserve_inventory.quantity is null or reserve_inventory.quantity <= 0 then
    raise exception 'quantity must be a positive number' using errcode = '22023';
  end if;
  update public.inventory_items i set reserved = i.reserved + reserve_inventory.quantity
   where i.agent_id = reserve_inventory.agent_id and i.sku = reserve_inventory.sku
     and i.quantity - i.reserved >= reserve_inventory.quantity
  returning * into item;
  if not found then
    perform 1 from public.inventory_items i where i.agent_id = reserve_inventory.agent_id and i.sku = reserve_inventory.sku;
    if not found then
      raise exception 'Unknown product %', reserve_inventory.sku using errcode = 'P0002';
    end if;
    raise exception 'Not enough stock for %', reserve_inventory.sku using errcode = '23514';
  end if;
  return item;
end
$$;

create table public.payment_links (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  conversation_id uuid references public.conversations (id) on delete set null,
  customer_id uuid references public.customers (id) on delete set null,
  provider text not null check (provider in ('stripe')),
  provider_id text not null check (char_length(provider_id) <= 255),
  url text not null check (char_length(url) <= 2048),
  amount numeric(12, 2) not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index payment_links_user_id_idx on public.payment_links (user_id);
create index payment_links_agent_created_idx on public.payment_links (agent_id, created_at desc);
create index payment_links_conversation_id_idx on public.payment_links (conversation_id);

-- Every message an agent sent (or scheduled) on the owner's behalf, with the provider's answer.
create table public.outbound_messages (
  id uuid primary key default gen_random_uuid(),
  agent_id uuid not null,
  user_id uuid not null,
  conversation_id uuid references public.conversations (id) on delete set null,
  channel text not null check (channel in ('email', 'sms', 'whatsapp')),
  recipient text not null check (char_length(recipient) between 3 and 320),
  subject text check (char_length(subject) <= 300),
  body text not null check (char_length(body) between 1 and 20000),
  status text not null check (status in ('sent', 'scheduled', 'failed')),
  provider text check (char_length(provider) <= 50),
  provider_id text check (char_length(provider_id) <= 255),
  error text check (char_length(error) <= 1000),
  scheduled_for timestamptz,
  created_at timestamptz not null default now(),
  foreign key (agent_id, user_id) references public.agents (id, user_id) on delete cascade on update cascade
);
create index outbound_messages_user_id_idx on public.outbound_messages (user_id);
create index outbound_messages_agent_created_idx on public.outbound_messages (agent_id, created_at desc);
create index outbound_messages_conversation_id_idx on public.outbound_messages (conversation_id);

-- The composite foreign keys to agents (agent_id, user_id) need a covering index each (cascades
-- on agent deletion or ownership change, and the owner policies' joins).
create index calendar_hours_agent_id_user_id_idx on public.calendar_hours (agent_id, user_id);
create index calendar_settings_agent_id_user_id_idx on public.calendar_settings (agent_id, user_id);
create index appointments_agent_id_user_id_idx on public.appointments (agent_id, user_id);
create index customers_agent_id_user_id_idx on public.customers (agent_id, user_id);
create index customer_interactions_agent_id_user_id_idx on public.customer_interactions (agent_id, user_id);
create index orders_agent_id_user_id_idx on public.orders (agent_id, user_id);
create index inventory_items_agent_id_user_id_idx on public.inventory_items (agent_id, user_id);
create index payment_links_agent_id_user_id_idx on public.payment_links (agent_id, user_id);
create index outbound_messages_agent_id_user_id_idx on public.outbound_messages (agent_id, user_id);
create index payment_links_customer_id_idx on public.payment_links (customer_id);

-- Grants and policies: the service role writes; owners read and manage their agents' rows.
revoke all on table public.calendar_hours, public.calendar_settings, public.appointments, public.customers,
  public.customer_interactions, public.orders, public.inventory_items, public.payment_links, public.outbound_messages
  from public, anon, authenticated;
grant all on table public.calendar_hours, public.calendar_settings, public.appointments, public.customers,
  public.customer_interactions, public.orders, public.inventory_items, public.payment_links, public.outbound_messages
  to service_role;
alter table public.calendar_hours enable row level security;
alter table public.calendar_settings enable row level security;
alter table public.appointments enable row level security;
alter table public.customers enable row level security;
alter table public.customer_interactions enable row level security;
alter table public.orders enable row level security;
alter table public.inventory_items enable row level security;
alter table public.payment_links enable row level security;
alter table public.outbound_messages enable row level security;

grant select, insert, update, delete on table public.calendar_hours, public.calendar_settings, public.appointments,
  public.customers, public.customer_interactions, public.orders, public.inventory_items to authenticated;
grant select on table public.payment_links, public.outbound_messages to authenticated;

create policy "owners can read their opening hours" on public.calendar_hours for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add opening hours to their agents" on public.calendar_hours for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can change their opening hours" on public.calendar_hours for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can remove their opening hours" on public.calendar_hours for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their calendar settings" on public.calendar_settings for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can create calendar settings for their agents" on public.calendar_settings for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can change their calendar settings" on public.calendar_settings for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can remove their calendar settings" on public.calendar_settings for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their appointments" on public.appointments for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can book appointments for their agents" on public.appointments for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can change their appointments" on public.appointments for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their appointments" on public.appointments for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their customers" on public.customers for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add customers to their agents" on public.customers for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their customers" on public.customers for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their customers" on public.customers for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their customer interactions" on public.customer_interactions for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can log customer interactions" on public.customer_interactions for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their customer interactions" on public.customer_interactions for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their customer interactions" on public.customer_interactions for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their orders" on public.orders for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can create orders for their agents" on public.orders for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their orders" on public.orders for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their orders" on public.orders for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their inventory" on public.inventory_items for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can add inventory items" on public.inventory_items for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "owners can update their inventory" on public.inventory_items for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners can delete their inventory items" on public.inventory_items for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "owners can read their payment links" on public.payment_links for select to authenticated
  using (user_id = (select auth.uid()));
create policy "owners can read the messages their agents sent" on public.outbound_messages for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on function public.reserve_inventory(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.reserve_inventory(uuid, text, integer) to service_role;
