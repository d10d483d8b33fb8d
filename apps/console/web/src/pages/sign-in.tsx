import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { check, signInForm } from '../forms.js';
import { Link, navigate } from '../router.js';

export function SignInPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(signInForm, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setBusy(true);
    try {
      await api.post('/auth/sign-in', parsed.data);
      await onSignedIn();
      if (location.pathname === '/sign-in' || location.pathname === '/sign-up') navigate('/', true);
    } catch (err) {
      setErrors(
        err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : { form: 'Network error' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="narrow" id="main">
      <h1>Sign in to Dossier</h1>
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
          error={errors.email}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          error={errors.password}
        />
        <FormError message={errors.form} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        No account yet? <Link to="/sign-up">Create one</Link>
      </p>
    </main>
  );
}
