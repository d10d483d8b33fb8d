import * as v from 'valibot';

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Enter your email address'),
  v.email('Enter a valid email address'),
);
const newPassword = v.pipe(
  v.string(),
  v.minLength(12, 'Use at least 12 characters'),
  v.maxLength(256, 'Use at most 256 characters'),
);
const required = (message: string) => v.pipe(v.string(), v.trim(), v.nonEmpty(message), v.maxLength(100));

export const signInForm = v.object({
  email,
  password: v.pipe(v.string(), v.nonEmpty('Enter your password')),
});
export const signUpForm = v.object({
  email,
  password: newPassword,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  organization: required('Enter an organization name'),
});
export const joinForm = v.object({ email, password: newPassword, name: v.optional(v.string()) });
export const forgotForm = v.object({ email });
export const resetForm = v.object({ password: newPassword });
export const changePasswordForm = v.object({
  current_password: v.pipe(v.string(), v.nonEmpty('Enter your current password')),
  new_password: newPassword,
});
export const passwordForm = v.object({ password: v.pipe(v.string(), v.nonEmpty('Enter your password')) });
export const projectForm = v.object({ name: required('Enter a project name') });
export const renameForm = v.object({ name: required('Enter a name') });
export const inviteForm = v.object({
  email,
  role: v.picklist(['owner', 'admin', 'developer', 'viewer'], 'Pick a role'),
});
export const scopedForm = v.object({
  name: required('Name the key (where it is used, e.g. Checkout widget)'),
  scopes: v.pipe(v.array(v.string()), v.minLength(1, 'Pick at least one scope')),
  origins: v.array(
    v.pipe(
      v.string(),
      v.regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'Each origin looks like https://app.example'),
    ),
  ),
  expires_in_days: v.pipe(
    v.number('Enter a number of days'),
    v.integer('Enter whole days'),
    v.minValue(1, 'At least 1 day'),
    v.maxValue(365, 'At most 365 days'),
  ),
  rate_limit: v.nullable(
    v.pipe(v.number('Enter a number'), v.integer('Enter a whole number'), v.minValue(1, 'At least 1')),
  ),
});

/** Parses a form's values; on failure returns one message per field for inline display. */
export function check<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): { ok: true; data: v.InferOutput<S> } | { ok: false; errors: Record<string, string> } {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, data: result.output };
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = String(issue.path?.[0]?.key ?? 'form');
    if (!errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
