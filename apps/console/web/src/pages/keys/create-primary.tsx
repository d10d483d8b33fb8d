import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { Field, FormError } from '../../components/field.js';

/** A primary key, named where it will run, so the list, usage and audit log read plainly. */
export function CreatePrimary(props: {
  orgId: string;
  projectId: string;
  onCreated: (key: string, scopes: string[]) => void;
}) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Name the key (where it is used, e.g. Production server)' });
    setBusy(true);
    try {
      const created = await api.post<{ key: string; summary: { scopes: string[] } }>(
        `/orgs/${props.orgId}/keys`,
        {
          project_id: props.projectId,
          name: name.trim(),
        },
      );
      setErrors({});
      setName('');
      props.onCreated(created.key, created.summary.scopes);
    } catch (err) {
      setErrors(
        err instanceof ApiError
          ? { ...err.fieldErrors(), form: err.message }
          : { form: 'Could not create the key' },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={create} noValidate className="row">
      <Field
        label="Key name"
        placeholder="Production server"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <button type="submit" disabled={busy}>
        Create primary key
      </button>
      <FormError message={errors.form && !errors.name ? errors.form : undefined} />
    </form>
  );
}
