-- The local stack's schema. Ids are integers (serial) except link ids (random text).

create table settings (key text primary key, value text not null);

create table users (
  id serial primary key,
  email text not null unique,
  first_name text,
  last_name text,
  password_hash text,
  is_sysadmin boolean not null default false,
  -- 'pending': invited, never activated (cannot sign in); 'active'.
  status text not null default 'active' check (status in ('active', 'pending')),
  avatar text,
  created_at timestamptz not null default now()
);

create table orgs (
  id serial primary key,
  name text not null,
  description text,
  avatar text,
  custom_data text,
  is_product_owner_enabled boolean not null default false,
  is_service_owner_enabled boolean not null default false,
  created_at timestamptz not null default now()
);

create table org_members (
  org_id integer not null references orgs (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  is_org_owner boolean not null default false,
  is_org_admin boolean not null default false,
  is_developer boolean not null default false,
  is_business_manager boolean not null default false,
  is_sub_manager boolean not null default false,
  is_tech_support boolean not null default false,
  -- 'invited' until the user first signs in; 'active' after.
  status text not null default 'active' check (status in ('active', 'invited')),
  invited_at timestamptz,
  invited_by integer references users (id) on delete set null,
  primary key (org_id, user_id)
);
create index org_members_user on org_members (user_id);

create table org_custom_data (
  id serial primary key,
  org_id integer not null references orgs (id) on delete cascade,
  name text not null,
  description text,
  execution_priority integer not null default 0,
  data text not null
);
create index org_custom_data_org on org_custom_data (org_id);

create table offerings (
  id serial primary key,
  org_id integer not null references orgs (id) on delete cascade,
  kind text not null check (kind in ('product', 'service')),
  name text not null,
  description text,
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index offerings_org on offerings (org_id);

create table offering_features (
  id serial primary key,
  offering_id integer not null references offerings (id) on delete cascade,
  name text not null,
  default_value boolean not null default false
);
create index offering_features_offering on offering_features (offering_id);

create table offering_custom_data (
  id serial primary key,
  offering_id integer not null references offerings (id) on delete cascade,
  name text not null,
  description text,
  execution_priority integer not null default 0,
  data text not null
);
create index offering_custom_data_offering on offering_custom_data (offering_id);

-- A customer subscription: the vendor org sells an offering to a subscriber org.
create table subscriptions (
  id serial primary key,
  vendor_org_id integer not null references orgs (id) on delete cascade,
  subscriber_org_id integer not null references orgs (id) on delete cascade,
  offering_id integer not null references offerings (id) on delete cascade,
  name text not null,
  start_date date not null,
  end_date date,
  seats_allowed integer not null default 1,
  is_disabled boolean not null default false,
  feature_ids integer[] not null default '{}',
  created_at timestamptz not null default now()
);
create index subscriptions_vendor on subscriptions (vendor_org_id);
create index subscriptions_subscriber on subscriptions (subscriber_org_id);

create table subscription_attachments (
  id serial primary key,
  subscription_id integer not null references subscriptions (id) on delete cascade,
  file_name text not null,
  content bytea not null,
  size integer not null,
  created_at timestamptz not null default now()
);

-- A licence the vendor org issued to the customer org (optionally under a subscription).
create table licences (
  id serial primary key,
  vendor_org_id integer not null references orgs (id) on delete cascade,
  customer_org_id integer not null references orgs (id) on delete cascade,
  subscription_id integer references subscriptions (id) on delete set null,
  offering_id integer not null references offerings (id) on delete cascade,
  state text not null check (state in ('Active', 'Suspended', 'Expired')),
  seats integer not null default 1,
  expiry date,
  assigned_user_id integer references users (id) on delete set null,
  issued_at timestamptz not null default now()
);
create index licences_vendor on licences (vendor_org_id);
create index licences_customer on licences (customer_org_id);
create index licences_subscription on licences (subscription_id);

create table email_preferences (
  email text primary key,
  code text not null,
  code_expires_at timestamptz not null,
  product_updates boolean not null default true,
  service_notices boolean not null default true,
  marketing boolean not null default false,
  updated_at timestamptz not null default now()
);

create table support_requests (
  id serial primary key,
  org_id integer not null references orgs (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  subject text not null,
  message text not null,
  attachments jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table subscription_registrations (
  id serial primary key,
  code text not null,
  organisation_name text not null,
  organisation_description text,
  contact_first_name text not null,
  contact_last_name text not null,
  contact_email text not null,
  contact_phone text,
  offering_id integer references offerings (id) on delete set null,
  status text not null default 'open' check (status in ('open', 'completed')),
  created_org_id integer references orgs (id) on delete set null,
  created_at timestamptz not null default now()
);

create table sites (
  id serial primary key,
  org_id integer not null references orgs (id) on delete cascade,
  name text not null,
  description text,
  location text,
  subscription_id integer references subscriptions (id) on delete set null,
  created_at timestamptz not null default now()
);
create index sites_org on sites (org_id);

create table site_members (
  site_id integer not null references sites (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  is_site_admin boolean not null default false,
  is_site_user boolean not null default false,
  primary key (site_id, user_id)
);
create index site_members_user on site_members (user_id);

create table blasts (
  id serial primary key,
  site_id integer not null references sites (id) on delete cascade,
  name text not null,
  description text,
  blasted_at timestamptz,
  file_name text not null,
  file_content text not null,
  hole_count integer not null,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blasts_site on blasts (site_id);

create table blast_links (
  id text primary key,
  blast_id integer not null references blasts (id) on delete cascade,
  is_anonymous boolean not null,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index blast_links_blast on blast_links (blast_id);

create table shared_blasts (
  id serial primary key,
  blast_id integer not null references blasts (id) on delete cascade,
  shared_by integer references users (id) on delete set null,
  shared_with_user_id integer references users (id) on delete cascade,
  shared_with_org_id integer references orgs (id) on delete cascade,
  shared_at timestamptz not null default now(),
  check ((shared_with_user_id is null) <> (shared_with_org_id is null))
);
create index shared_blasts_user on shared_blasts (shared_with_user_id);
create index shared_blasts_org on shared_blasts (shared_with_org_id);

create table node_libraries (
  id serial primary key,
  org_id integer not null references orgs (id) on delete cascade,
  site_id integer references sites (id) on delete cascade,
  name text not null,
  version text not null,
  description text,
  nodes jsonb not null default '[]',
  updated_at timestamptz not null default now()
);
create index node_libraries_org on node_libraries (org_id);

create table error_events (
  id serial primary key,
  event_id text,
  project_id text not null,
  level text,
  message text,
  exception jsonb,
  tags jsonb,
  request_url text,
  timestamp timestamptz,
  raw text not null,
  received_at timestamptz not null default now()
);

-- oidc-provider's storage (sessions, grants, codes, refresh tokens, interactions).
create table oidc_payloads (
  model text not null,
  id text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id)
);
create index oidc_payloads_grant on oidc_payloads (grant_id);
create index oidc_payloads_uid on oidc_payloads (uid);
