import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '@/core/ui/page';
import { CustomerSubsTable } from './components/customer-subs-table';
import { CustomersTable } from './components/customers-table';

/**
 * SPEC §2 /issued-subscriptions, titled Customer Subs: subscriptions sold to customers, and
 * (?view=customers, so it survives a reload) the customers they were sold to.
 */
export default function CustomerSubsPage() {
  const [params] = useSearchParams();
  const view = params.get('view') === 'customers' ? 'customers' : 'subscriptions';
  return (
    <Page title="Customer Subs">
      <nav aria-label="Customer Subs views">
        <ul className="nav nav-tabs mb-3">
          <li className="nav-item">
            <Link
              to="?view=subscriptions"
              className={`nav-link${view === 'subscriptions' ? ' active' : ''}`}
              aria-current={view === 'subscriptions' ? 'page' : undefined}
            >
              Subscriptions
            </Link>
          </li>
          <li className="nav-item">
            <Link
              to="?view=customers"
              className={`nav-link${view === 'customers' ? ' active' : ''}`}
              aria-current={view === 'customers' ? 'page' : undefined}
            >
              Customers
            </Link>
          </li>
        </ul>
      </nav>
      {view === 'customers' ? (
        <>
          <p className="text-body-secondary small">
            Every organization you sold a subscription or issued a licence to. A new customer
            registers through the registration link of an offering (on its details page) and appears
            here with its trial subscription.
          </p>
          <CustomersTable />
        </>
      ) : (
        <CustomerSubsTable />
      )}
    </Page>
  );
}
