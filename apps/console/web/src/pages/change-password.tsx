import { useState } from 'react';
import { api } from '../api.js';
import { Field, FormError } from '../components/field.js';
import { changePasswordForm } from '../forms.js';
import { useForm } from '../use-form.js';

/** A new password, given the current one; the server signs out every other session. */
export function ChangePassword() {
  const form = useForm(changePasswordForm, { current_password: '', new_password: '' });
  const [done, setDone] = useState(false);
  const submit = form.submit(async (data) => {
    await api.post('/auth/password', data);
    form.setValues({ current_password: '', new_password: '' });
    setDone(true);
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="password-title">
      <h3 id="password-title">Change password</h3>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('current_password')}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 12 characters."
        {...form.field('new_password')}
      />
      <FormError message={form.errors.form && !form.errors.current_password ? form.errors.form : undefined} />
      {done ? (
        <p role="status" data-testid="password-changed">
          Password changed. Every other session of your account was signed out.
        </p>
      ) : null}
      <button type="submit" disabled={form.busy}>
        Change password
      </button>
    </form>
  );
}
