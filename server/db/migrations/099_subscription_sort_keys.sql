-- Issue 16: Customer Subs sorted by offering, in one index's order, as 096 sorts the licences.
--
-- A vendor sells a dozen offerings, so the walk of the offerings in name order met groups of
-- thousands of subscriptions to sort, for every page: 26 ms at 100,000 subscriptions
-- (server/tools/list-sorts.ts), growing with them. Each subscription now keeps its offering's
-- name as the list sorts it (lowercased, collation "C"), kept by the database as 096 keeps the
-- licences' copies: a row trigger on insert and on a change of offering, the rename of an
-- offering in one statement outside the request's audit context, a bulk load's fill.
alter table subscriptions add column offering_sort text collate "C";

create function subscription_sort_keys() returns trigger language plpgsql as $$
begin
  new.offering_sort := (select lower(f.name) from offerings f where f.id = new.offering_id);
  return new;
end $$;
create trigger subscriptions_sort_keys before insert or update of offering_id on subscriptions
  for each row execute function subscription_sort_keys();

-- The subscriptions without their copy, in one statement: this migration's, and a bulk load's.
create function subscription_sort_keys_fill() returns void language sql as $$
  update subscriptions s set offering_sort = lower(f.name)
    from offerings f where f.id = s.offering_id and s.offering_sort is null
$$;
select subscription_sort_keys_fill();

create index subscriptions_vendor_offering_sort on subscriptions (vendor_org_id, offering_sort, id);

-- 096's renames, the subscriptions' copies of an offering's name with the licences'. One
-- function for every copy, under a name that says so; the triggers move to it.
create function sort_keys_renamed() returns trigger language plpgsql as $$
declare
  ctx text := current_setting('audit.context', true);
begin
  perform set_config('audit.context', '', true);
  if tg_table_name = 'orgs' then
    update licences set customer_sort = lower(new.name) where customer_org_id = new.id;
  elsif tg_table_name = 'offerings' then
    update licences set product_sort = lower(new.name) where offering_id = new.id;
    update subscriptions set offering_sort = lower(new.name) where offering_id = new.id;
  elsif tg_table_name = 'subscriptions' then
    update licences set subscription_sort = lower(new.name) where subscription_id = new.id;
  else
    update licences set user_sort = user_sort_key(new) where assigned_user_id = new.id;
  end if;
  perform set_config('audit.context', coalesce(ctx, ''), true);
  return null;
end $$;
drop trigger orgs_licence_sort_keys on orgs;
drop trigger offerings_licence_sort_keys on offerings;
drop trigger subscriptions_licence_sort_keys on subscriptions;
drop trigger users_licence_sort_keys on users;
drop function licence_sort_keys_renamed();
create trigger orgs_sort_keys after update of name on orgs for each row
  when (lower(old.name) is distinct from lower(new.name))
  execute function sort_keys_renamed();
create trigger offerings_sort_keys after update of name on offerings for each row
  when (lower(old.name) is distinct from lower(new.name))
  execute function sort_keys_renamed();
create trigger subscriptions_renamed_sort_keys after update of name on subscriptions for each row
  when (lower(old.name) is distinct from lower(new.name))
  execute function sort_keys_renamed();
create trigger users_sort_keys after update of first_name, last_name, email on users for each row
  when (user_sort_key(old) is distinct from user_sort_key(new))
  execute function sort_keys_renamed();

-- 096's diff, every copy left out by its name: a column kept to sort by ends in _sort.
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
       and key not in ('id', 'updated_at', 'created_at', 'code_expires_at')
       and key not like '%\_sort'
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
