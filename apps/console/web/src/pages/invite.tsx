import { useEffect, useState } from 'react';
import { api, type Me } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { joinForm } from '../forms.js';
import { Link, navigate } from '../router.js';
import { useForm } from '../use-form.js';

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
  const form = useForm(joinForm, { email: '', password: '', name: '' });
  const { setValues } = form;

  useEffect(() => {
    api
      .post<Preview>('/invitations/preview', { token })
      .then((p) => {
        setPreview(p);
        setValues((v) => ({ ...v, email: p.email }));
      })
      .catch(() => setPreview(null));
  }, [token, setValues]);

  const done = async (orgId: string) => {
    await onSignedIn();
    navigate(`/o/${orgId}/keys`, true);
  };

  const join = form.submit(async (data) => {
    const created = await api.post<{ org_id: string }>('/auth/sign-up', { ...data, invitation: token });
    await done(created.org_id);
  });

  const accept = () =>
    form.run(async () => {
      const joined = await api.post<{ org_id: string }>('/invitations/accept', { token });
      await done(joined.org_id);
    });

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
        <strong>{preview.email}</strong> is invited as <strong>{preview.role}</strong>. Only that address can
        accept this invitation.
      </p>
      {me && me.user.email.toLowerCase() !== preview.email.toLowerCase() ? (
        <div role="alert" data-testid="invite-mismatch">
          <p>
            You are signed in as {me.user.email}, but this invitation is for {preview.email}. Sign out, then
            sign in or create an account as {preview.email} and open this link again.
          </p>
        </div>
      ) : me ? (
        <>
          <p>You are signed in as {me.user.email}.</p>
          <FormError message={form.errors.form} />
          <button type="button" onClick={accept} disabled={form.busy}>
            Accept invitation
          </button>
        </>
      ) : (
        <form onSubmit={join} noValidate>
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            readOnly
            hint="The invited address; the invitation works for it only."
            {...form.field('email')}
          />
          <Field
            label="Choose a password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters."
            {...form.field('password')}
          />
          <Field label="Your name (optional)" {...form.field('name')} />
          <FormError message={form.errors.form} />
          <button type="submit" disabled={form.busy}>
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
