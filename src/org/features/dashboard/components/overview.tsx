import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { calendarDay, ExpiredDate, formatFigure, pluralise } from '@/core/format';
import { useOrgContext } from '@/core/org';
import { useCanAccess } from '@/core/permissions';
import { getOrgHref } from '@/core/routes';
import { FullScreenLoader } from '@/core/ui/loaders';
import { licencesQueryOptions } from '@/org/entities/licences/held';
import { issuedSummaryQueryOptions } from '@/org/entities/licences/issued';
import { orgUsersQueryOptions } from '@/org/entities/org-users/api';
import { mySubscriptionsQueryOptions } from '@/org/entities/subscriptions/held';
import { BarChart } from '@/core/ui/bar-chart';
import {
  EXPIRY_WINDOW_DAYS,
  addDays,
  expiriesByMonth,
  isActiveSubscription,
  licencesByState,
  renewalsDue,
  upcomingExpiries,
} from './stats';
import { ListTooLargeError } from '@/core/api';

interface StatProps {
  label: string;
  value: number | string | undefined;
  detail?: string;
  href?: string | null;
}

function Stat({ label, value, detail, href }: StatProps) {
  return (
    <div className="col-6 col-lg">
      <div className="card h-100">
        <div className="card-body">
          <p className="text-body-secondary small mb-1">{label}</p>
          <p className="fs-2 fw-semibold mb-0">
            {typeof value === 'number' ? formatFigure(value) : (value ?? '–')}
          </p>
          {detail && <p className="small text-body-secondary mb-0">{detail}</p>}
          {href && (
            <Link to={href} className="small stretched-link" aria-label={`${label}: open the list`}>
              Open
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

const STATES = ['Active', 'Suspended', 'Expired'] as const;

/** A chart's place when its figures could not be read (too large here, or failed). */
function TooLargeNote({ title }: { title: string }) {
  return (
    <>
      <h2 className="h6">{title}</h2>
      <p className="mb-0 text-body-secondary">&lsquo;–&rsquo;: not counted here.</p>
    </>
  );
}

/** The selected organisation at a glance (SPEC §2 /dashboard), within what the flags open. */
export function Overview({ now = new Date() }: { now?: Date }) {
  const { org } = useOrgContext();
  const canUsers = useCanAccess('orgUsers.read');
  const canSoftware = useCanAccess('software.read');
  const canIssued = useCanAccess('issuedLicences.read');
  const today = calendarDay(now);
  const soon = calendarDay(addDays(now, EXPIRY_WINDOW_DAYS));
  // The organisation's own lists are read whole (their cache entries are the list screens');
  // what it issued is counted on the server, at any size (issue 16).
  const [users, licences, subscriptions, issued] = useQueries({
    queries: [
      { ...orgUsersQueryOptions(org.id), enabled: canUsers },
      { ...licencesQueryOptions(org.id), enabled: canUsers },
      { ...mySubscriptionsQueryOptions(org.id), enabled: canSoftware },
      { ...issuedSummaryQueryOptions(org.id, { from: today, to: soon }), enabled: canIssued },
    ],
  });
  const all = [users, licences, subscriptions, issued];
  if (all.some((q) => q.isLoading)) return <FullScreenLoader />;
  const failed = all.some((q) => q.isError && !(q.error instanceof ListTooLargeError));
  // A list too large to read whole here: its figures are the list screen's, never a false 0.
  const isTooLarge = (q: { error: unknown }) => q.error instanceof ListTooLargeError;
  const tooLarge = all.some(isTooLarge);
  const heldTooLarge = isTooLarge(licences) || isTooLarge(subscriptions);
  const members = users.data?.filter((u) => u.status === 'Active').length;
  const pending = users.data?.filter((u) => u.status === 'Invited').length ?? 0;
  const activeSubs = subscriptions.data?.filter((s) => isActiveSubscription(s, today));
  const expiringSubs = activeSubs?.filter((s) => s.endDate !== null && s.endDate <= soon);
  const activeLicences = licences.data?.filter((l) => l.state.name === 'Active').length ?? 0;
  const expiries = upcomingExpiries(subscriptions.data ?? [], licences.data ?? [], now, {
    subscription: (id) => (canSoftware ? getOrgHref('serviceLicences', { id }) : null),
    licence: canUsers ? getOrgHref('licences') : null,
  });
  const summary = issued.data;
  const issuedTotal = summary && STATES.reduce((sum, state) => sum + summary.byState[state], 0);
  const renewals = summary ? renewalsDue(summary.renewals.rows, now) : [];
  const moreRenewals = summary ? summary.renewals.total - renewals.length : 0;
  const nothing = !canUsers && !canSoftware && !canIssued;

  return (
    <div className="d-flex flex-column gap-4">
      {tooLarge && (
        <div className="alert alert-info" role="status">
          Some lists are too large to count here; their figures show as &lsquo;–&rsquo;. Open a list
          for its true total.
        </div>
      )}
      {failed && (
        <div className="alert alert-warning" role="alert">
          Some figures could not be loaded; they show as &lsquo;–&rsquo;. Reload the page to try
          again.
        </div>
      )}
      {nothing ? (
        <div className="alert alert-info" role="status">
          Your permissions in {org.name} do not include users, licences or subscriptions. Choose
          another organization, or ask an administrator of {org.name} for access.
        </div>
      ) : (
        <div className="row g-3">
          {canUsers && (
            <Stat
              label="Users"
              value={members}
              detail={pending ? `${pluralise(pending, 'invitation')} pending` : undefined}
              href={getOrgHref('users')}
            />
          )}
          {canUsers && (
            <Stat
              label="Licences"
              value={licences.data?.length}
              detail={licences.data ? `${formatFigure(activeLicences)} active` : undefined}
              href={getOrgHref('licences')}
            />
          )}
          {canSoftware && (
            <Stat
              label="Active subscriptions"
              value={activeSubs?.length}
              href={getOrgHref('software')}
            />
          )}
          {canSoftware && (
            <Stat
              label="Expiring subscriptions"
              value={expiringSubs?.length}
              detail={`within ${EXPIRY_WINDOW_DAYS} days`}
              href={getOrgHref('software')}
            />
          )}
          {canIssued && (
            <Stat
              label="Licences issued"
              value={issuedTotal}
              detail={summary ? `${formatFigure(summary.byState.Active)} active` : undefined}
              href={getOrgHref('issuedLicences')}
            />
          )}
        </div>
      )}

      {canIssued && (
        <div className="row g-3">
          <div className="col-lg-7">
            <div className="card">
              <div className="card-body">
                <h2 className="h5 card-title">
                  Renewals due in the next {EXPIRY_WINDOW_DAYS} days
                </h2>
                {!summary ? (
                  <p className="mb-0 text-body-secondary">Could not be loaded.</p>
                ) : renewals.length === 0 ? (
                  <p className="mb-0 text-body-secondary">
                    No licence you issued expires in the next {EXPIRY_WINDOW_DAYS} days.
                  </p>
                ) : (
                  <div className="table-responsive">
                    <table className="table table-sm mb-0">
                      <thead>
                        <tr>
                          {/* The product under its customer: four columns made a phone's card
                              scroll sideways, the expiry out of sight. */}
                          <th scope="col">Customer and product</th>
                          <th scope="col">Seats</th>
                          <th scope="col">Expires</th>
                        </tr>
                      </thead>
                      <tbody>
                        {renewals.map((r) => (
                          <tr key={r.id}>
                            <td>
                              {r.customer}
                              <div className="small text-body-secondary">{r.product}</div>
                            </td>
                            <td>{formatFigure(r.seats)}</td>
                            <td>
                              <ExpiredDate value={r.date} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    <p className="small mt-2 mb-0">
                      {moreRenewals > 0 && (
                        <span className="text-body-secondary">
                          and {formatFigure(moreRenewals)} more.{' '}
                        </span>
                      )}
                      <Link to={getOrgHref('issuedLicences')}>Renew them in Issued Licences</Link>
                    </p>
                  </div>
                )}
              </div>
            </div>
          </div>
          <div className="col-lg-5">
            <div className="card">
              <div className="card-body">
                {summary ? (
                  <BarChart
                    title="Licences issued by state"
                    data={STATES.map((state) => ({
                      label: state,
                      value: summary.byState[state],
                    }))}
                    colours={['#198754', '#b35c00', '#b02a37']}
                  />
                ) : (
                  <TooLargeNote title="Licences issued by state" />
                )}
              </div>
            </div>
          </div>
        </div>
      )}

      {(canUsers || canSoftware) && (
        <div className="row g-3">
          <div className="col-lg-7">
            <div className="card">
              <div className="card-body">
                <h2 className="h5 card-title">Expiring in the next {EXPIRY_WINDOW_DAYS} days</h2>
                {heldTooLarge ? (
                  <p className="mb-0 text-body-secondary">
                    Too many licences or subscriptions to list here: see Licences and Software.
                  </p>
                ) : expiries.length === 0 ? (
                  <p className="mb-0 text-body-secondary">
                    Nothing expires in the next {EXPIRY_WINDOW_DAYS} days.
                  </p>
                ) : (
                  <div className="table-responsive">
                    <table className="table table-sm mb-0">
                      <thead>
                        <tr>
                          <th scope="col">What</th>
                          {/* The vendor under the name: a phone's card fits three columns. */}
                          <th scope="col">Name and vendor</th>
                          <th scope="col">Expires</th>
                        </tr>
                      </thead>
                      <tbody>
                        {expiries.slice(0, 10).map((e) => (
                          <tr key={`${e.kind}-${e.id}`}>
                            <td>{e.kind}</td>
                            <td>
                              {e.href ? <Link to={e.href}>{e.name}</Link> : e.name}
                              <div className="small text-body-secondary">{e.from}</div>
                            </td>
                            <td>
                              <ExpiredDate value={e.date} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                    {expiries.length > 10 && (
                      <p className="small text-body-secondary mt-2 mb-0">
                        and {formatFigure(expiries.length - 10)} more.
                      </p>
                    )}
                  </div>
                )}
              </div>
            </div>
          </div>
          <div className="col-lg-5 d-flex flex-column gap-3">
            {canUsers && (
              <div className="card">
                <div className="card-body">
                  {licences.data ? (
                    <BarChart
                      title="Licences by state"
                      data={licencesByState(licences.data)}
                      colours={['#198754', '#b35c00', '#b02a37']}
                    />
                  ) : (
                    <TooLargeNote title="Licences by state" />
                  )}
                </div>
              </div>
            )}
            <div className="card">
              <div className="card-body">
                {heldTooLarge ? (
                  <TooLargeNote title="Expiries by month" />
                ) : (
                  <BarChart title="Expiries by month" data={expiriesByMonth(expiries, now)} />
                )}
              </div>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
