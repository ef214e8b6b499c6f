-- Issue 16, "indexes so that a 50-row page on an indexed sort answers in under 25 ms": the
-- Issued Licences sorted by a joined name.
--
-- Sorted by customer, product, subscription or assigned user, a page walked the joined table in
-- name order and each of its rows' licences (a nested loop, then a sort of every group), or
-- sorted every licence of the vendor: at a million licences a page 200 deep took 2.5 ms by
-- customer, 46 ms by product, about 700 ms by subscription or user, against 0.35 ms by expiry.
-- Each licence now keeps a copy of those four names as the lists sort them (lowercased, in code
-- point order: `orderOf`, server/http/list-sql.ts), and an index orders each with the vendor and
-- the key, as the licence's own columns are (020). The nullable two sort nulls last both ways,
-- so they have a descending index too (as expiry has).
--
-- The copies are kept here, not by the code that writes licences:
--   - a licence's insert, or a change of its customer, product, subscription or user (a
--     subscription or user deleted sets it null: that too), sets them, row by row;
--   - a rename sets the copies of the renamed record's licences, in one statement. The copies
--     are not changes of the licences (the rename's own event says it): audit_diff leaves them
--     out of every licence event, and the statement runs outside the request's audit context,
--     so that the trail's trigger does not read each of those rows to find no change in them
--     (a customer's hundred thousand licences);
--   - a bulk load (server/seed/context.ts bulkLoad) turns the row trigger off and fills the
--     copies after the load, in one statement (licence_sort_keys_fill).
alter table licences
  add column customer_sort text collate "C",
  add column product_sort text collate "C",
  add column subscription_sort text collate "C",
  add column user_sort text collate "C";

-- A user as the lists show one (userDisplaySql, server/http/list-sql.ts), lowercased; null for
-- no user. server/crm/licence-sort-keys.test.ts holds the two equal.
create function user_sort_key(u users) returns text language sql immutable as $$
  select lower(case
    when u.id is null then null
    when btrim(coalesce(u.first_name, '')) = '' then 'Pending user activation'
    else btrim(btrim(u.first_name) || ' ' || btrim(coalesce(u.last_name, ''))) || ' <' || lower(btrim(u.email)) || '>'
  end)
$$;

create function licence_sort_keys() returns trigger language plpgsql as $$
begin
  new.customer_sort := (select lower(o.name) from orgs o where o.id = new.customer_org_id);
  new.product_sort := (select lower(f.name) from offerings f where f.id = new.offering_id);
  new.subscription_sort := (select lower(s.name) from subscriptions s where s.id = new.subscription_id);
  new.user_sort := (select user_sort_key(u) from users u where u.id = new.assigned_user_id);
  return new;
end $$;
create trigger licences_sort_keys
  before insert or update of customer_org_id, offering_id, subscription_id, assigned_user_id
  on licences for each row execute function licence_sort_keys();

create function licence_sort_keys_renamed() returns trigger language plpgsql as $$
declare
  ctx text := current_setting('audit.context', true);
begin
  perform set_config('audit.context', '', true);
  if tg_table_name = 'orgs' then
    update licences set customer_sort = lower(new.name) where customer_org_id = new.id;
  elsif tg_table_name = 'offerings' then
    update licences set product_sort = lower(new.name) where offering_id = new.id;
  elsif tg_table_name = 'subscriptions' then
    update licences set subscription_sort = lower(new.name) where subscription_id = new.id;
  else
    update licences set user_sort = user_sort_key(new) where assigned_user_id = new.id;
  end if;
  perform set_config('audit.context', coalesce(ctx, ''), true);
  return null;
end $$;
create trigger orgs_licence_sort_keys after update of name on orgs for each row
  when (lower(old.name) is distinct from lower(new.name))
  execute function licence_sort_keys_renamed();
create trigger offerings_licence_sort_keys after update of name on offerings for each row
  when (lower(old.name) is distinct from lower(new.name))
  execute function licence_sort_keys_renamed();
create trigger subscriptions_licence_sort_keys after update of name on subscriptions for each row
  when (lower(old.name) is distinct from lower(new.name))
  execute function licence_sort_keys_renamed();
create trigger users_licence_sort_keys after update of first_name, last_name, email on users
  for each row when (user_sort_key(old) is distinct from user_sort_key(new))
  execute function licence_sort_keys_renamed();

-- The copies of the licences that have none (every licence has a customer), in one statement:
-- this migration's, and a bulk load's (its rows written with the row trigger off).
create function licence_sort_keys_fill() returns void language sql as $$
  update licences l
     set customer_sort = lower(co.name),
         product_sort = lower(f.name),
         subscription_sort = lower(s.name),
         user_sort = user_sort_key(u)
    from orgs co, offerings f, licences k
    left join subscriptions s on s.id = k.subscription_id
    left join users u on u.id = k.assigned_user_id
   where k.id = l.id and co.id = l.customer_org_id and f.id = l.offering_id
     and l.customer_sort is null
$$;
select licence_sort_keys_fill();

create index licences_vendor_customer_sort on licences (vendor_org_id, customer_sort, id);
create index licences_vendor_product_sort on licences (vendor_org_id, product_sort, id);
create index licences_vendor_subscription_sort on licences (vendor_org_id, subscription_sort, id);
create index licences_vendor_subscription_sort_desc
  on licences (vendor_org_id, subscription_sort desc nulls last, id desc);
create index licences_vendor_user_sort on licences (vendor_org_id, user_sort, id);
create index licences_vendor_user_sort_desc
  on licences (vendor_org_id, user_sort desc nulls last, id desc);

-- 060's diff, the copies left out with the columns no event shows.
create or replace function audit_diff(old_row jsonb, new_row jsonb, prefix text) returns jsonb
language plpgsql immutable as $$
declare
  result jsonb := '{}';
  c record;
  bo jsonb;
  ao jsonb;
  k text;
begin
  for c in
    select key, o.value as b, n.value as a
      from jsonb_each(coalesce(old_row, '{}')) o
      full join jsonb_each(coalesce(new_row, '{}')) n using (key)
     where o.value is distinct from n.value
       and key not in ('id', 'updated_at', 'created_at', 'code_expires_at',
                       'customer_sort', 'product_sort', 'subscription_sort', 'user_sort')
  loop
    bo := audit_json_object(c.b);
    ao := audit_json_object(c.a);
    if bo is null and ao is null then
      result := result || jsonb_build_object(prefix || c.key, jsonb_build_object(
        'before', audit_value(c.key, c.b), 'after', audit_value(c.key, c.a)));
    else
      for k in select key from jsonb_object_keys(coalesce(bo, '{}') || coalesce(ao, '{}')) key loop
        continue when (bo -> k) is not distinct from (ao -> k);
        result := result || jsonb_build_object(prefix || c.key || '.' || k, jsonb_build_object(
          'before', audit_value(k, bo -> k), 'after', audit_value(k, ao -> k)));
      end loop;
    end if;
  end loop;
  return result;
end $$;
