-- Issue 14: an address counts only once proven; an invitation is not a membership (nor an
-- account) until its invitee accepts it; messages the stack sends (docs/local-stack.md § Mail).

-- When the user proved they receive mail at their address (a link sent to it): the ID token's
-- email_verified. Accounts older than this migration have not proven it.
alter table users add column email_verified_at timestamptz;

-- An invitation to join an organisation, by email. Its id comes from the users' sequence, so an
-- invitation and a member never share an id in the organisation's Users list (which shows both).
create table invitations (
  id integer primary key default nextval('users_id_seq'),
  org_id integer not null references orgs (id) on delete cascade,
  email text not null,
  is_org_admin boolean not null default false,
  is_developer boolean not null default false,
  is_business_manager boolean not null default false,
  is_sub_manager boolean not null default false,
  is_tech_support boolean not null default false,
  invited_by integer references users (id) on delete set null,
  invited_at timestamptz not null default now(),
  -- SHA-256 of the secret in the link the invitation message carries (the secret itself is never
  -- stored); null until the message is sent. Re-sending replaces it: the older link stops working.
  token_hash text unique,
  expires_at timestamptz,
  accepted_at timestamptz,
  accepted_by integer references users (id) on delete set null
);
create unique index invitations_open on invitations (org_id, email) where accepted_at is null;
create index invitations_email on invitations (email) where accepted_at is null;

-- Invited memberships become invitations; placeholder ('pending') users, created by invitations
-- before, are no accounts: they go, and what was addressed to them stays addressed to their email.
insert into invitations (org_id, email, is_org_admin, is_developer, is_business_manager, is_sub_manager,
    is_tech_support, invited_by, invited_at)
  select m.org_id, u.email, m.is_org_admin, m.is_developer, m.is_business_manager, m.is_sub_manager,
         m.is_tech_support, m.invited_by, coalesce(m.invited_at, now())
    from org_members m join users u on u.id = m.user_id
   where m.status = 'invited';
delete from org_members where status = 'invited';

-- A blast shared by email with an address that has no account yet: it reaches the account made
-- for that address (which proves the address) and nobody before.
alter table shared_blasts add column shared_with_email text;
update shared_blasts sb set shared_with_email = u.email, shared_with_user_id = null
  from users u where u.id = sb.shared_with_user_id and u.status = 'pending';
alter table shared_blasts drop constraint shared_blasts_check;
alter table shared_blasts add constraint shared_blasts_one_target
  check (num_nonnulls(shared_with_user_id, shared_with_org_id, shared_with_email) = 1);
drop index shared_blasts_target;
create unique index shared_blasts_target on shared_blasts (blast_id, coalesce(shared_with_user_id, 0),
  coalesce(shared_with_org_id, 0), coalesce(shared_with_email, ''));
create index shared_blasts_email on shared_blasts (shared_with_email) where shared_with_email is not null;

delete from users where status = 'pending';

-- A registration waits here until the link sent to its address is followed; only then is the
-- account made (so nobody can hold an address they do not receive mail at).
create table pending_registrations (
  id serial primary key,
  email text not null,
  first_name text not null,
  last_name text not null,
  password_hash text not null,
  token_hash text not null unique,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index pending_registrations_email on pending_registrations (email);

-- The development outbox: every message the stack sends, with its links (not when NODE_ENV is
-- production).
create table outbox_messages (
  id serial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  links jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index outbox_messages_recipient on outbox_messages (recipient, id);
