import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, type Invitation, type Members, type Org, planNames, type Role } from '../api.js';
import { CopyButton } from '../components/copy-button.js';
import { Field, FormError, Select } from '../components/field.js';
import { useReauth } from '../components/reauth.js';
import { check, inviteForm } from '../forms.js';

const roles: { value: Role; label: string }[] = [
  { value: 'viewer', label: 'Viewer: reads keys list, usage' },
  { value: 'developer', label: 'Developer: manages projects and keys' },
  { value: 'admin', label: 'Admin: also manages members' },
  { value: 'owner', label: 'Owner: everything' },
];

export function MembersPage({ orgId }: { orgId: string }) {
  const withReauth = useReauth();
  const [org, setOrg] = useState<Org>();
  const [data, setData] = useState<Members>();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('developer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<Invitation>();

  const load = useCallback(async () => {
    const [o, m] = await Promise.all([
      api.get<Org>(`/orgs/${orgId}`),
      api.get<Members>(`/orgs/${orgId}/members`),
    ]);
    setOrg(o);
    setData(m);
  }, [orgId]);
  useEffect(() => {
    load().catch((e) => setErrors({ form: e.message }));
  }, [load]);

  const act = async (action: () => Promise<unknown>) => {
    try {
      setErrors({});
      await withReauth(action);
      await load();
    } catch (err) {
      setErrors({ form: err instanceof ApiError ? err.message : 'Something went wrong' });
    }
  };

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(inviteForm, { email, role });
    if (!parsed.ok) return setErrors(parsed.errors);
    try {
      setErrors({});
      setSent(undefined);
      const res = await withReauth(() => api.post<Invitation>(`/orgs/${orgId}/invitations`, parsed.data));
      setSent(res);
      setEmail('');
      await load();
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : {});
    }
  };

  if (!org || !data) return <div className="loading" aria-busy="true" />;
  const manage = org.role === 'owner' || org.role === 'admin';
  const seats = data.seats == null ? 'unlimited seats' : `${data.seats} seat(s)`;

  return (
    <>
      <h1>Members</h1>
      <p data-testid="seats">
        {planNames[data.plan]} plan: {seats}; {data.seats_used} member(s) and {data.invitations_pending}{' '}
        pending invitation(s). Plan changes are made by your operator.
      </p>
      <FormError message={errors.form} />
      {manage ? (
        <section aria-labelledby="invite-title" className="card">
          <h2 id="invite-title">Invite a member</h2>
          <form onSubmit={invite} noValidate className="row">
            <Field
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={errors.email}
            />
            <Select
              label="Role"
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              options={roles}
              error={errors.role}
            />
            <button type="submit">{org.email_enabled ? 'Send invitation' : 'Create invitation link'}</button>
          </form>
          {org.email_enabled ? null : (
            <p className="muted">
              Email is off on this server (no SMTP configured): you get a link to send to the person yourself.
            </p>
          )}
          <InviteResult invitation={sent} />
        </section>
      ) : null}
      <div className="table-wrap">
        <table>
          <caption className="visually-hidden">Members</caption>
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              {manage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.members.map((m) => (
              <tr key={m.user_id}>
                <td>{m.email}</td>
                <td>
                  {manage ? (
                    <>
                      <label className="visually-hidden" htmlFor={`role-${m.user_id}`}>
                        Role of {m.email}
                      </label>
                      <select
                        id={`role-${m.user_id}`}
                        value={m.role}
                        onChange={(e) =>
                          act(() =>
                            api.patch(`/orgs/${orgId}/members/${m.user_id}`, { role: e.target.value }),
                          )
                        }
                      >
                        {roles.map((r) => (
                          <option key={r.value} value={r.value}>
                            {r.value}
                          </option>
                        ))}
                      </select>
                    </>
                  ) : (
                    m.role
                  )}
                </td>
                <td>{new Date(m.joined_at).toLocaleDateString()}</td>
                {manage ? (
                  <td>
                    <button
                      type="button"
                      className="danger small"
                      onClick={() =>
                        window.confirm(`Remove ${m.email}?`) &&
                        act(() => api.del(`/orgs/${orgId}/members/${m.user_id}`))
                      }
                    >
                      Remove
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Pending invitations</h2>
      {data.invitations.length === 0 ? (
        <p className="muted">No pending invitations.</p>
      ) : (
        <ul className="plain">
          {data.invitations.map((i) => (
            <li key={i.id}>
              {i.email} as {i.role}, expires {new Date(i.expires_at).toLocaleDateString()}{' '}
              {manage ? (
                <button
                  type="button"
                  className="secondary small"
                  onClick={() => act(() => api.del(`/orgs/${orgId}/invitations/${i.id}`))}
                >
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** What became of the last invitation: emailed, or a link to copy (email off or failed). */
function InviteResult({ invitation }: { invitation?: Invitation }) {
  if (!invitation) return <div role="status" />;
  if (invitation.email_sent) {
    return (
      <div role="status">
        <p data-testid="invite-result">Invitation emailed to {invitation.email}.</p>
      </div>
    );
  }
  const emailFailed = invitation.email_reason && !/^email is off/.test(invitation.email_reason);
  return (
    <div role="status">
      <p data-testid="invite-result" className={emailFailed ? 'notice' : undefined}>
        {emailFailed
          ? `The invitation exists, but the email to ${invitation.email} was not sent (${invitation.email_reason}). Copy the link and send it yourself:`
          : `Copy this link and send it to ${invitation.email}:`}
      </p>
      <div className="key-line">
        <code data-testid="invite-link">{invitation.link}</code>
        <CopyButton text={invitation.link} label="Copy link" />
      </div>
    </div>
  );
}
