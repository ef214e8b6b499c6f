import { useState } from 'react';
import { useAuthSession } from '@/core/auth';
import { getOrgHref } from '@/core/routes';
import { storageKeys, writeStored } from '@/core/storage';
import { FullScreenLoader } from '@/core/ui/loaders';
import { useCompleteRegistration } from '../api/complete-registration';
import { useRegistration, type Registration } from '../api/get-registration';
import { useUpdateRegistration } from '../api/update-registration';
import { RegistrationForm, toRegistrationInput } from './registration-form';

function Details({ registration }: { registration: Registration }) {
  return (
    <dl className="row mb-0">
      <dt className="col-sm-4">Organization</dt>
      <dd className="col-sm-8">{registration.organisationName}</dd>
      {registration.organisationDescription && (
        <>
          <dt className="col-sm-4">Description</dt>
          <dd className="col-sm-8">{registration.organisationDescription}</dd>
        </>
      )}
      <dt className="col-sm-4">Contact</dt>
      <dd className="col-sm-8">
        {registration.contactFirstName} {registration.contactLastName} &lt;
        {registration.contactEmail}&gt;
      </dd>
      {registration.contactPhone && (
        <>
          <dt className="col-sm-4">Phone</dt>
          <dd className="col-sm-8">{registration.contactPhone}</dd>
        </>
      )}
    </dl>
  );
}

/** Step 2 of a registration: check the details, sign in or register, finish. */
export function RegistrationFinish({ id, code }: { id: number; code: string }) {
  const session = useAuthSession();
  const query = useRegistration(id, code);
  const update = useUpdateRegistration(id, code);
  const complete = useCompleteRegistration(id, code);
  const [editing, setEditing] = useState(false);

  if (query.isLoading) return <FullScreenLoader />;
  if (query.isError || !query.data) {
    return (
      <div className="alert alert-danger" role="alert">
        {query.error?.message ?? 'Registration not found.'}{' '}
        <a href={getOrgHref('subscriptionExistingReg')}>Find your registration</a>
      </div>
    );
  }
  const registration = query.data;
  const here = `${getOrgHref('subscriptionRegister')}?id=${id}&code=${encodeURIComponent(code)}`;

  return (
    <div className="d-flex flex-column gap-3">
      <div className="card">
        <div className="card-body">
          <div className="d-flex align-items-start justify-content-between gap-2">
            <h2 className="h5 card-title">Registration #{registration.id}</h2>
            {registration.status === 'open' && !editing && (
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => setEditing(true)}
              >
                Change details
              </button>
            )}
          </div>
          {editing ? (
            <RegistrationForm
              defaultValues={registration}
              submitLabel="Save details"
              onSubmit={async (values) => {
                await update.mutateAsync(
                  toRegistrationInput(values, registration.offeringId ?? null),
                );
                setEditing(false);
              }}
              actions={
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => setEditing(false)}
                >
                  Cancel
                </button>
              }
            />
          ) : (
            <Details registration={registration} />
          )}
          <p className="small text-body-secondary mt-3 mb-0">
            Keep this reference to come back later: registration <strong>{registration.id}</strong>,
            code <code>{code}</code>.
          </p>
        </div>
      </div>

      {registration.status === 'completed' ? (
        <div className="alert alert-success" role="status">
          This registration is complete.{' '}
          {session.status === 'authenticated' ? (
            <a href={getOrgHref('dashboardOverview')}>Go to your dashboard</a>
          ) : (
            'Sign in to use your organization.'
          )}
        </div>
      ) : session.status === 'authenticated' ? (
        <div className="card border-primary">
          <div className="card-body">
            <h2 className="h5 card-title">Finish the registration</h2>
            <p>
              {registration.organisationName} is created with you
              {session.user?.email ? ` (${session.user.email})` : ''} as its owner
              {registration.offeringId ? ', with a 30-day trial subscription' : ''}.
            </p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={complete.isPending || editing}
              onClick={() => {
                complete
                  .mutateAsync()
                  .then((done) => {
                    // SPEC §3 new_org_id: the next load selects the new organisation.
                    writeStored(storageKeys.newOrgId, done.orgId);
                    window.location.assign(getOrgHref('dashboardOverview'));
                  })
                  .catch((e: unknown) => console.error(e));
              }}
            >
              Finish registration
            </button>
          </div>
        </div>
      ) : (
        <div className="card border-primary">
          <div className="card-body">
            <h2 className="h5 card-title">Sign in to finish</h2>
            <p>
              Sign in, or create your account, and you come back here to finish the registration.
            </p>
            <div className="d-flex gap-2">
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void session.signIn({ returnTo: here })}
              >
                Sign in
              </button>
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={() => void session.signIn({ returnTo: here, register: true })}
              >
                Register
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
