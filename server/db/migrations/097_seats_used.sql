-- Issue 16: a subscription's seats used (SEATS_USED, server/crm/subscription-lists.ts: its
-- licences assigned to a user) counted from an index of the assigned licences alone.
--
-- Customer Subs sorted by seats counts them for every subscription of the vendor: at 100,000
-- subscriptions and a million licences, each count read the subscription's licences from the
-- table to test their user (1.4 s a page). The index holds only the licences that have a user,
-- so it stays as small as the assignments, and each count reads it alone (70 ms a page).
create index licences_subscription_assigned on licences (subscription_id)
  where assigned_user_id is not null;
