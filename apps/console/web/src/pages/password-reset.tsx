import { useState } from 'react';
import { api } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { HttpsNotice } from '../components/https-notice.js';
import { forgotForm, resetForm } from '../forms.js';
import { Link, navigate } from '../router.js';
import { useForm } from '../use-form.js';

/** Asks for a reset link by email; without mail on the server, the answer names the operator command. */
export function ForgotPasswordPage() {
  const form = useForm(forgotForm, { email: '' });
  const [sent, setSent] = useState<string>();
  const submit = form.submit(async (data) => {
    setSent((await api.post<{ message: string }>('/auth/password-reset/request', data)).message);
  });
  return (
    <main className="narrow" id="main">
      <h1>Reset your password</h1>
      {sent ? (
        <p role="status" data-testid="reset-sent">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <FormError message={form.errors.form} />
          <button type="submit" disabled={form.busy}>
            Email me a reset link
          </button>
        </form>
      )}
      <p>
        <Link to="/sign-in">Back to sign-in</Link>
      </p>
    </main>
  );
}

/** The page a reset link opens: the token is in the fragment (never sent to a server by the browser). */
export function ResetPasswordPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const token = location.hash.slice(1);
  const form = useForm(resetForm, { password: '' });
  const submit = form.submit(async (data) => {
    await api.post('/auth/password-reset/complete', { token, password: data.password });
    navigate('/', true);
    await onSignedIn();
  });
  return (
    <main className="narrow" id="main">
      <h1>Choose a new password</h1>
      <HttpsNotice />
      <form onSubmit={submit} noValidate>
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters. Every session of this account is signed out."
          {...form.field('password')}
        />
        <FormError message={form.errors.form} />
        <button type="submit" disabled={form.busy || !token}>
          Set password and sign in
        </button>
      </form>
    </main>
  );
}
