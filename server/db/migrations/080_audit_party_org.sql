-- Issue 18: whose event a licence's or a subscription's change is. Migration 060 made it always
-- the vendor's: a customer's member assigning one of the customer's licences to a colleague
-- (my-subscriptions/…/assign) was recorded in the vendor's chain, so the vendor's Activity showed
-- the customer's staff and the customer's owner could not see who did it. Such a record has two
-- parties: the change is the acting organisation's (the request's path) when it is one of them,
-- else (a registration completed, no organisation in the path) the vendor's, as before.
-- server/audit/coverage.test.ts proves each write route's organisation.

create function audit_party(p_request integer, p_vendor integer, p_customer integer)
returns integer language sql immutable as $$
  select case when p_request is not null and p_request in (p_vendor, p_customer) then p_request
              else p_vendor end
$$;

create or replace function audit_subject(
  tbl text, r jsonb, ctx jsonb,
  out s_org integer, out s_site integer, out s_type text, out s_id text, out s_name text,
  out s_prefix text, out s_skip boolean
) language plpgsql stable as $$
begin
  s_org := (ctx->>'orgId')::integer;
  s_site := (ctx->>'siteId')::integer;
  s_prefix := '';
  s_skip := false;
  case tbl
    when 'orgs' then
      s_type := 'organization'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'id')::integer;
    when 'users' then
      s_type := 'user'; s_id := r->>'id'; s_name := r->>'email';
    when 'org_members' then
      s_type := 'member'; s_id := r->>'user_id'; s_org := (r->>'org_id')::integer;
      select email into s_name from users where id = (r->>'user_id')::integer;
    when 'invitations' then
      s_type := 'invitation'; s_id := r->>'id'; s_name := r->>'email';
      s_org := (r->>'org_id')::integer;
    when 'org_custom_data' then
      s_type := 'organization'; s_id := r->>'org_id'; s_org := (r->>'org_id')::integer;
      s_prefix := 'customData ' || (r->>'name') || ': ';
      select name into s_name from orgs where id = s_org;
      if not found then s_skip := true; end if;
    when 'email_preferences' then
      s_type := 'email preferences'; s_id := r->>'email'; s_name := r->>'email';
    when 'support_requests' then
      s_type := 'support request'; s_id := r->>'id'; s_name := r->>'subject';
      s_org := (r->>'org_id')::integer;
    when 'subscription_registrations' then
      s_type := 'registration'; s_id := r->>'id'; s_name := r->>'organisation_name';
      s_org := coalesce((r->>'created_org_id')::integer, s_org);
    when 'offerings' then
      s_type := 'offering'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'org_id')::integer;
    when 'offering_features' then
      s_type := 'offering'; s_id := r->>'offering_id'; s_prefix := 'feature ' || (r->>'name') || ': ';
      select name, org_id into s_name, s_org from offerings where id = (r->>'offering_id')::integer;
      if not found then s_skip := true; end if;
    when 'offering_custom_data' then
      s_type := 'offering'; s_id := r->>'offering_id';
      s_prefix := 'customData ' || (r->>'name') || ': ';
      select name, org_id into s_name, s_org from offerings where id = (r->>'offering_id')::integer;
      if not found then s_skip := true; end if;
    when 'subscriptions' then
      s_type := 'subscription'; s_id := r->>'id'; s_name := r->>'name';
      s_org := audit_party(s_org, (r->>'vendor_org_id')::integer,
                           (r->>'subscriber_org_id')::integer);
    when 'subscription_attachments' then
      s_type := 'subscription'; s_id := r->>'subscription_id';
      s_prefix := 'attachment ' || (r->>'file_name') || ': ';
      select name, audit_party(s_org, vendor_org_id, subscriber_org_id) into s_name, s_org
        from subscriptions where id = (r->>'subscription_id')::integer;
      if not found then s_skip := true; end if;
    when 'licences' then
      s_type := 'licence'; s_id := r->>'id';
      s_org := audit_party(s_org, (r->>'vendor_org_id')::integer,
                           (r->>'customer_org_id')::integer);
      select o.name || ' for ' || c.name into s_name
        from offerings o, orgs c
       where o.id = (r->>'offering_id')::integer and c.id = (r->>'customer_org_id')::integer;
    when 'sites' then
      s_type := 'site'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'org_id')::integer; s_site := (r->>'id')::integer;
    when 'site_members' then
      s_type := 'site user'; s_id := r->>'user_id'; s_site := (r->>'site_id')::integer;
      select email into s_name from users where id = (r->>'user_id')::integer;
      select org_id into s_org from sites where id = s_site;
      if not found then s_skip := true; end if;
    when 'blasts' then
      s_type := 'blast'; s_id := r->>'id'; s_name := r->>'name'; s_site := (r->>'site_id')::integer;
      select org_id into s_org from sites where id = s_site;
      if not found then s_skip := true; end if;
    when 'blast_links', 'shared_blasts' then
      s_type := 'blast'; s_id := r->>'blast_id';
      -- A link's id is its secret: the trail names it by its first characters (linkLabel).
      s_prefix := case tbl when 'blast_links' then 'link ' || left(r->>'id', 4) || '…: '
                           else 'share ' || (r->>'id') || ': ' end;
      select b.name, b.site_id, s.org_id into s_name, s_site, s_org
        from blasts b join sites s on s.id = b.site_id where b.id = (r->>'blast_id')::integer;
      if not found then s_skip := true; end if;
    when 'node_libraries' then
      s_type := 'node library'; s_id := r->>'id'; s_name := r->>'name';
      s_org := (r->>'org_id')::integer; s_site := (r->>'site_id')::integer;
    else
      raise exception 'audit: no rule for table %', tbl;
  end case;
end $$;
