import { useEffect, useState } from 'react';
import { api, type Me, type Org, planNames } from '../api.js';
import { FormError } from '../components/field.js';
import { navigate } from '../router.js';
import { ChangePassword } from './change-password.js';

export function SettingsPage({ orgId, me, onSignedOut }: { orgId: string; me: Me; onSignedOut: () => void }) {
  const [org, setOrg] = useState<Org>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    api
      .get<Org>(`/orgs/${orgId}`)
      .then(setOrg)
      .catch((e) => setError(e.message));
  }, [orgId]);

  const everywhere = async () => {
    try {
      await api.post('/auth/sign-out-everywhere');
      onSignedOut();
      navigate('/sign-in', true);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <>
      <h1>Settings</h1>
      <FormError message={error} />
      {org ? (
        <section aria-labelledby="plan-title" className="card">
          <h2 id="plan-title">Organization</h2>
          <dl className="facts">
            <dt>Name</dt>
            <dd>{org.name}</dd>
            <dt>Plan</dt>
            <dd>{planNames[org.plan]}</dd>
            <dt>Rate limit</dt>
            <dd>{org.rate_limit_per_minute.toLocaleString()} requests per minute</dd>
            <dt>Seats</dt>
            <dd>
              {org.seats == null
                ? `unlimited (${org.seats_used} used)`
                : `${org.seats_used} of ${org.seats} used`}
            </dd>
            <dt>Your role</dt>
            <dd>{org.role}</dd>
          </dl>
          <p className="muted">
            Plans are flat (no per-row cost). Changing the plan is an operator action:{' '}
            <code>pnpm dossier plan set --org {org.id} --plan agency</code>.
          </p>
        </section>
      ) : null}
      <section aria-labelledby="account-title" className="card">
        <h2 id="account-title">Account</h2>
        <p>
          Signed in as {me.user.email}. This session ends by{' '}
          {new Date(me.session.expires_at).toLocaleString()} or after 30 minutes without activity.
        </p>
        <button type="button" className="danger" onClick={everywhere}>
          Sign out everywhere
        </button>
        <ChangePassword />
      </section>
    </>
  );
}
