import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, type Me } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { check, joinForm } from '../forms.js';
import { Link, navigate } from '../router.js';

interface Preview {
  organization: string;
  email: string;
  role: string;
}

/** An invitation link: join as a new account, or accept while signed in. */
export function InvitePage({
  token,
  me,
  onSignedIn,
}: {
  token: string;
  me: Me | null;
  onSignedIn: () => Promise<void>;
}) {
  const [preview, setPreview] = useState<Preview | null>();
  const [values, setValues] = useState({ email: '', password: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .post<Preview>('/invitations/preview', { token })
      .then((p) => {
        setPreview(p);
        setValues((v) => ({ ...v, email: p.email }));
      })
      .catch(() => setPreview(null));
  }, [token]);

  const done = async (orgId: string) => {
    await onSignedIn();
    navigate(`/o/${orgId}/keys`, true);
  };

  const join = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(joinForm, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setBusy(true);
    try {
      const created = await api.post<{ org_id: string }>('/auth/sign-up', {
        ...parsed.data,
        invitation: token,
      });
      await done(created.org_id);
    } catch (err) {
      setErrors(
        err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : { form: 'Network error' },
      );
    } finally {
      setBusy(false);
    }
  };

  const accept = async () => {
    setBusy(true);
    try {
      const joined = await api.post<{ org_id: string }>('/invitations/accept', { token });
      await done(joined.org_id);
    } catch (err) {
      setErrors({ form: err instanceof ApiError ? err.message : 'Network error' });
    } finally {
      setBusy(false);
    }
  };

  if (preview === undefined) return <main className="narrow loading" aria-busy="true" />;
  if (preview === null) {
    return (
      <main className="narrow" id="main">
        <h1>Invitation not valid</h1>
        <p>This invitation link is invalid, already used or expired. Ask for a new one.</p>
        <Link to="/">Go to the console</Link>
      </main>
    );
  }
  return (
    <main className="narrow" id="main">
      <h1>Join {preview.organization}</h1>
      <p>
        You are invited as <strong>{preview.role}</strong>.
      </p>
      {me ? (
        <>
          <p>You are signed in as {me.user.email}.</p>
          <FormError message={errors.form} />
          <button type="button" onClick={accept} disabled={busy}>
            Accept invitation
          </button>
        </>
      ) : (
        <form onSubmit={join} noValidate>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => setValues({ ...values, email: e.target.value })}
            error={errors.email}
          />
          <Field
            label="Choose a password"
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
            error={errors.password}
            hint="At least 12 characters."
          />
          <Field
            label="Your name (optional)"
            value={values.name}
            onChange={(e) => setValues({ ...values, name: e.target.value })}
          />
          <FormError message={errors.form} />
          <button type="submit" disabled={busy}>
            Create account and join
          </button>
          <p>
            Already have an account? <Link to={`/sign-in`}>Sign in</Link>, then open this link again.
          </p>
        </form>
      )}
    </main>
  );
}
