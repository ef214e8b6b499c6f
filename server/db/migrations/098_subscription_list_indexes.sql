-- Issue 16: Customer Subs sorted by a column of the subscription, each in one index's order.
--
-- Only the id had an index after the vendor (030), so every other sort of the list sorted all
-- of the vendor's subscriptions for each page: 10-28 ms at 100,000 subscriptions
-- (server/tools/list-sorts.ts), growing with them. With these, 1.0-1.6 ms. The name as the list
-- sorts text (lowercased, in code point order: orderOf, server/http/list-sql.ts); the end date
-- is nullable and sorts nulls last both ways, so it has a descending index too (as the
-- licences' expiry has).
create index subscriptions_vendor_name on subscriptions (vendor_org_id, (lower(name) collate "C"), id);
create index subscriptions_vendor_start on subscriptions (vendor_org_id, start_date, id);
create index subscriptions_vendor_end on subscriptions (vendor_org_id, end_date, id);
create index subscriptions_vendor_end_desc
  on subscriptions (vendor_org_id, end_date desc nulls last, id desc);
create index subscriptions_vendor_created on subscriptions (vendor_org_id, created_at, id);
create index subscriptions_vendor_seats_allowed on subscriptions (vendor_org_id, seats_allowed, id);
