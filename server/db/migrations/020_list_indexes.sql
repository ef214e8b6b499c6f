-- Lists page through one organisation's licences in id order (the default sort): an index on
-- (org, id) finds a page without sorting the organisation's every row (docs/performance.md).
create index licences_vendor_id on licences (vendor_org_id, id);
create index licences_customer_id on licences (customer_org_id, id);
-- The single-column indexes are prefixes of the new ones.
drop index licences_vendor;
drop index licences_customer;
