import { api } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { HttpsNotice } from '../components/https-notice.js';
import { signInForm } from '../forms.js';
import { Link, navigate } from '../router.js';
import { useForm } from '../use-form.js';

export function SignInPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const form = useForm(signInForm, { email: '', password: '' });

  const submit = form.submit(async (data) => {
    await api.post('/auth/sign-in', data);
    await onSignedIn();
    if (location.pathname === '/sign-in' || location.pathname === '/sign-up') navigate('/', true);
  });

  return (
    <main className="narrow" id="main">
      <h1>Sign in to Dossier</h1>
      <HttpsNotice />
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Field label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        <FormError message={form.errors.form} />
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        No account yet? <Link to="/sign-up">Create one</Link>
      </p>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
    </main>
  );
}
