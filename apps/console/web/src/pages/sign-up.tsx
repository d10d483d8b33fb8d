import { api } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { HttpsNotice } from '../components/https-notice.js';
import { signUpForm } from '../forms.js';
import { Link, navigate } from '../router.js';
import { useForm } from '../use-form.js';

export function SignUpPage({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const form = useForm(signUpForm, { email: '', password: '', name: '', organization: '' });

  const submit = form.submit(async (data) => {
    const created = await api.post<{ org_id: string }>('/auth/sign-up', data);
    await onSignedIn();
    navigate(`/o/${created.org_id}/keys`, true);
  });

  return (
    <main className="narrow" id="main">
      <h1>Create your Dossier account</h1>
      <HttpsNotice />
      <p>You get an organization on the Free plan; your operator can change the plan.</p>
      <form onSubmit={submit} noValidate>
        <Field label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters."
          {...form.field('password')}
        />
        <Field label="Your name (optional)" autoComplete="name" {...form.field('name')} />
        <Field label="Organization name" autoComplete="organization" {...form.field('organization')} />
        <FormError message={form.errors.form} />
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </main>
  );
}
