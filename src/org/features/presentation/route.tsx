import { Link } from 'react-router-dom';
import { SignInButtons, useAuthSession } from '@/core/auth';
import { getOrgHref } from '@/core/routes';

const FEATURES: readonly { title: string; text: string }[] = [
  {
    title: 'Sell software',
    text: 'Describe your products and services, sell subscriptions to customers and issue their licences.',
  },
  {
    title: 'Use software',
    text: 'See the subscriptions and licences your organization holds and give seats to your people.',
  },
  {
    title: 'Run your team',
    text: 'Invite colleagues by email and decide what each of them may see and change.',
  },
];

/**
 * SPEC §2 / (presentation): the landing page. Signed-out visitors read what the portal is and
 * can sign in or register; signed-in users see it too, with a way to their dashboard.
 */
export default function PresentationPage() {
  const session = useAuthSession();
  return (
    <section className="py-4" aria-labelledby="landing-title" style={{ maxWidth: '60rem' }}>
      <h1 id="landing-title" className="display-6 mb-3">
        Organization Portal
      </h1>
      <p className="lead">
        Run your software licensing business in one place: offerings (products and services), the
        users of your organization, licences you hold and licences you issue, customer subscriptions
        and your own software subscriptions.
      </p>
      {session.status === 'authenticated' ? (
        <Link className="btn btn-primary" to={getOrgHref('dashboardOverview')}>
          Go to your dashboard
        </Link>
      ) : (
        <SignInButtons />
      )}
      <div className="row g-3 mt-4">
        {FEATURES.map((f) => (
          <div className="col-md-4" key={f.title}>
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h5 card-title">{f.title}</h2>
                <p className="card-text">{f.text}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
      <p className="mt-4 mb-0">
        New customer of a vendor on this portal?{' '}
        <Link to={getOrgHref('subscriptionRegister')}>Register your organization</Link>.
      </p>
    </section>
  );
}
