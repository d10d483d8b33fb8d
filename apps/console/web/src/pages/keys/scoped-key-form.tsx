import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { Field, FormError } from '../../components/field.js';
import { check, scopedForm } from '../../forms.js';

/** Scopes a console user may grant (core's list without the operator-only `ingest`). */
const grantable = ['enrich', 'search', 'verify', 'company', 'person', 'intent', 'audience', 'usage', 'pii'];

export function ScopedKeyForm(props: {
  orgId: string;
  projectId: string;
  onCreated: (key: string, scopes: string[]) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['search']);
  const [origins, setOrigins] = useState('');
  const [days, setDays] = useState('30');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(scopedForm, {
      name,
      scopes,
      origins: origins
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      expires_in_days: days === '' ? Number.NaN : Number(days),
      rate_limit: rate === '' ? null : Number(rate),
    });
    if (!parsed.ok) return setErrors(parsed.errors);
    try {
      const { expires_in_days, ...rest } = parsed.data;
      const created = await api.post<{ key: string; summary: { scopes: string[] } }>(
        `/orgs/${props.orgId}/keys/scoped`,
        {
          ...rest,
          project_id: props.projectId,
          expires_at: new Date(Date.now() + expires_in_days * 86_400_000).toISOString(),
        },
      );
      setErrors({});
      props.onCreated(created.key, created.summary.scopes);
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : {});
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <fieldset aria-describedby="scopes-error">
        <legend>Scopes</legend>
        <div className="checks">
          {grantable.map((s) => (
            <label key={s}>
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => setScopes(e.target.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
              />{' '}
              {s}
            </label>
          ))}
        </div>
        <p className="error" id="scopes-error" role={errors.scopes ? 'alert' : undefined}>
          {errors.scopes ?? ''}
        </p>
      </fieldset>
      <Field
        label="Allowed origins (optional, comma-separated)"
        placeholder="https://app.example"
        value={origins}
        onChange={(e) => setOrigins(e.target.value)}
        error={errors.origins}
      />
      <Field
        label="Expires in (days)"
        type="number"
        inputMode="numeric"
        min={1}
        max={365}
        value={days}
        onChange={(e) => setDays(e.target.value)}
        error={errors.expires_in_days ?? errors.expires_at}
        hint="Required: scoped keys always expire."
      />
      <Field
        label="Rate cap, requests per minute (optional)"
        type="number"
        inputMode="numeric"
        min={1}
        value={rate}
        onChange={(e) => setRate(e.target.value)}
        error={errors.rate_limit}
      />
      <FormError message={errors.form} />
      <button type="submit">Mint scoped key</button>
    </form>
  );
}
