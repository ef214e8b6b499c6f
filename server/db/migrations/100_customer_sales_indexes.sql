-- Issue 16: Customers sorted by a count or a date, at a million licences.
--
-- A page sorted by a customer's licences, subscriptions, next end date or first sale grouped
-- every sale of the vendor before the first row (380-660 ms a page at a million licences, a
-- search for a few customers included: the planner cannot narrow a grouped subquery to the
-- customers the search keeps). The list now reads each customer's sales by its own (a lateral
-- subquery, server/crm/customers.ts), from these indexes alone: the licences' index by vendor
-- and customer carries what the counts test (state, expiry) and the first issue, and a new one
-- does the same for the subscriptions. server/tools/list-sorts.ts and docs/performance.md
-- (session 54): every customer 50-190 ms a page, a search 3-17 ms.
drop index licences_vendor_customer;
create index licences_vendor_customer on licences (vendor_org_id, customer_org_id, id)
  include (state, expiry, issued_at);
create index subscriptions_vendor_subscriber on subscriptions (vendor_org_id, subscriber_org_id)
  include (is_disabled, end_date, created_at);
