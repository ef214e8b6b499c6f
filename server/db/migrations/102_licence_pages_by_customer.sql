-- Issue 16: Issued Licences searched for a few customers and sorted by another column, at any
-- correlation between the two.
--
-- A search for a customer's name ('ridge': 500 customers, 50,041 of a million licences) sorted
-- by subscription walked the licences in subscription order, testing each row's customer, until
-- it had a page: the planner expects the matching rows spread over that order, but the matching
-- customers' subscriptions sort together far into that order, and the walk passed 282,333
-- rows first (262 ms a page; by product 100-130 ms). Such a page is now read customer by
-- customer when the matches are few (pagesByKey, server/http/list.ts): the first rows of each
-- matching customer, then the page of those. That reads the index by vendor and customer alone
-- when the index carries every value the list sorts by (20-40 ms for any sort at a million
-- licences; docs/performance.md, session 59). The sort values join what it carried for the
-- Customers list's counts (migration 100). Each of them is a key of another index already
-- (030, 096), so no update that was a heap-only update becomes another kind.
drop index licences_vendor_customer;
create index licences_vendor_customer on licences (vendor_org_id, customer_org_id, id)
  include (state, expiry, issued_at, seats, customer_sort, product_sort, subscription_sort, user_sort);
