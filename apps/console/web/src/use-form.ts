import { type FormEvent, useState } from 'react';
import type * as v from 'valibot';
import { ApiError } from './api.js';
import { check } from './forms.js';

/**
 * The state a sign-in style form keeps: its values, one message per field (and `form` for the
 * rest) and whether it is sending. `field(name)` gives a text Field its props; a corrected field
 * drops its old message at once instead of keeping it until the next submit.
 */
export function useForm<S extends v.GenericSchema, T extends Record<string, string>>(schema: S, initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof T & string) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: e.target.value }));
      setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
    },
  });

  /** Runs `action` while busy; an API error lands on its fields and the form. */
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setErrors(
        err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : { form: 'Network error' },
      );
    } finally {
      setBusy(false);
    }
  };

  /** A submit handler: the values are checked against the schema first, then sent. */
  const submit = (send: (data: v.InferOutput<S>) => Promise<void>) => async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(schema, values);
    if (!parsed.ok) return setErrors(parsed.errors);
    setErrors({});
    await run(() => send(parsed.data));
  };

  return { values, setValues, errors, busy, field, run, submit };
}
