import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { check, signUpForm } from '../forms.js';
import { Link, navigate } from '../router.js';

export function SignUpPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [values, setValues] = useState({ email: '', password: '', name: '', organization: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [k]: e.target.value });
    // A corrected field drops its old message instead of keeping it until the next submit.
    if (errors[k]) setErrors({ ...errors, [k]: '' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(signUpForm, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    setBusy(true);
    try {
      const created = await api.post<{ org_id: string }>('/auth/sign-up', parsed.data);
      await onSignedIn();
      navigate(`/o/${created.org_id}/keys`, true);
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
      <h1>Create your Dossier account</h1>
      <p>You get an organization on the Free plan; your operator can change the plan.</p>
      <form onSubmit={submit} noValidate>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint="At least 12 characters."
        />
        <Field
          label="Your name (optional)"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <Field
          label="Organization name"
          autoComplete="organization"
          value={values.organization}
          onChange={set('organization')}
          error={errors.organization}
        />
        <FormError message={errors.form} />
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </main>
  );
}
