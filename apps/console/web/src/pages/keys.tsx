import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, type KeySummary, type Org, type Project } from '../api.js';
import { Empty, Field, FormError, Select } from '../components/field.js';
import { KeyReveal } from '../components/key-reveal.js';
import { useReauth } from '../components/reauth.js';
import { check, projectForm, renameForm, scopedForm } from '../forms.js';
import { navigate, useLocation } from '../router.js';

/** Scopes a console user may grant (core's list without the operator-only `ingest`). */
const grantable = ['enrich', 'search', 'verify', 'company', 'person', 'intent', 'audience', 'usage', 'pii'];
const graces = [
  { value: 'none', label: 'No grace (old key stops now)' },
  { value: '1h', label: '1 hour' },
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
];

const when = (iso: string | null, none = '—') => (iso ? new Date(iso).toLocaleString() : none);

function statusOf(k: KeySummary) {
  if (k.revoked_at) return 'Revoked';
  if (k.expires_at && Date.parse(k.expires_at) <= Date.now()) return 'Expired';
  if (k.rolled_to) return `Rolled, works until ${when(k.expires_at)}`;
  return 'Active';
}

export function KeysPage({ orgId }: { orgId: string }) {
  const { search } = useLocation();
  const [org, setOrg] = useState<Org>();
  const [projects, setProjects] = useState<Project[]>();
  const [keys, setKeys] = useState<KeySummary[]>([]);
  const [shown, setShown] = useState<{ title: string; key: string } | null>(null);
  const [error, setError] = useState<string>();
  const selected = new URLSearchParams(search).get('project') ?? projects?.[0]?.id;

  const load = useCallback(async () => {
    const [o, p] = await Promise.all([
      api.get<Org>(`/orgs/${orgId}`),
      api.get<Project[]>(`/orgs/${orgId}/projects`),
    ]);
    setOrg(o);
    setProjects(p);
  }, [orgId]);
  const loadKeys = useCallback(async () => {
    if (!selected) return setKeys([]);
    setKeys(await api.get<KeySummary[]>(`/orgs/${orgId}/keys?project_id=${encodeURIComponent(selected)}`));
  }, [orgId, selected]);

  useEffect(() => {
    load().catch((e) => setError(e.message));
  }, [load]);
  useEffect(() => {
    loadKeys().catch((e) => setError(e.message));
  }, [loadKeys]);

  if (!org || !projects) return <div className="loading" aria-busy="true" />;
  const canEdit = org.role !== 'viewer';
  const project = projects.find((p) => p.id === selected);

  return (
    <>
      <h1>Projects &amp; keys</h1>
      <FormError message={error} />
      {projects.length === 0 ? (
        <Empty title="No projects yet">
          <p>A project groups the keys of one application. Create one to get your first key.</p>
          {canEdit ? (
            <NewProject
              orgId={orgId}
              onCreated={(p) => load().then(() => navigate(`/o/${orgId}/keys?project=${p.id}`))}
            />
          ) : null}
        </Empty>
      ) : (
        <>
          <div className="row">
            <Select
              label="Project"
              value={selected}
              onChange={(e) => navigate(`/o/${orgId}/keys?project=${e.target.value}`)}
              options={projects.map((p) => ({ value: p.id, label: p.name }))}
            />
            {canEdit ? (
              <details className="inline">
                <summary>New project</summary>
                <NewProject
                  orgId={orgId}
                  onCreated={(p) => load().then(() => navigate(`/o/${orgId}/keys?project=${p.id}`))}
                />
              </details>
            ) : null}
          </div>
          {shown ? <KeyReveal title={shown.title} apiKey={shown.key} onDone={() => setShown(null)} /> : null}
          {project && canEdit ? (
            <section aria-labelledby="new-key">
              <h2 id="new-key">New key for {project.name}</h2>
              <div className="row">
                <CreatePrimary
                  orgId={orgId}
                  projectId={project.id}
                  onCreated={(key) => {
                    setShown({ title: 'Your new primary key', key });
                    void loadKeys();
                  }}
                />
              </div>
              <details>
                <summary>Mint a scoped key (for browsers and agents)</summary>
                <ScopedKeyForm
                  orgId={orgId}
                  projectId={project.id}
                  onCreated={(key) => {
                    setShown({ title: 'Your new scoped key', key });
                    void loadKeys();
                  }}
                />
              </details>
            </section>
          ) : null}
          {!org.reveal_enabled ? (
            <p className="notice">
              Reveal is off: no key-encryption key is configured (set <code>DOSSIER_KEK</code>). Keys are
              shown only once, when created or rolled.
            </p>
          ) : null}
          <section aria-labelledby="keys-title">
            <h2 id="keys-title">Keys</h2>
            {keys.length === 0 ? (
              <Empty title="No keys in this project">
                <p>Create a primary key above; it is shown once, with ready-to-paste snippets.</p>
              </Empty>
            ) : (
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Key</th>
                      <th scope="col">Kind</th>
                      <th scope="col">Created</th>
                      <th scope="col">Last used</th>
                      <th scope="col">Expires</th>
                      <th scope="col">Status</th>
                      {canEdit ? <th scope="col">Actions</th> : null}
                    </tr>
                  </thead>
                  <tbody>
                    {keys.map((k) => (
                      <KeyRow
                        key={k.id}
                        orgId={orgId}
                        k={k}
                        canEdit={canEdit}
                        onShow={(title, key) => setShown({ title, key })}
                        onChanged={loadKeys}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
    </>
  );
}

function NewProject({ orgId, onCreated }: { orgId: string; onCreated: (p: Project) => void }) {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(projectForm, { name });
    if (!parsed.ok) return setErrors(parsed.errors);
    try {
      const created = await api.post<Project>(`/orgs/${orgId}/projects`, parsed.data);
      setName('');
      setErrors({});
      onCreated(created);
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : {});
    }
  };
  return (
    <form onSubmit={submit} noValidate className="row">
      <Field
        label="Project name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <button type="submit">Create project</button>
      <FormError message={errors.form && !errors.name ? errors.form : undefined} />
    </form>
  );
}

function CreatePrimary(props: { orgId: string; projectId: string; onCreated: (key: string) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const created = await api.post<{ key: string }>(`/orgs/${props.orgId}/keys`, {
        project_id: props.projectId,
      });
      setError(undefined);
      props.onCreated(created.key);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not create the key');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" onClick={create} disabled={busy}>
        Create primary key
      </button>
      <FormError message={error} />
    </>
  );
}

function ScopedKeyForm(props: { orgId: string; projectId: string; onCreated: (key: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['search']);
  const [origins, setOrigins] = useState('');
  const [days, setDays] = useState('30');
  const [rate, setRate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = check(scopedForm, {
      name: name || undefined,
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
      const created = await api.post<{ key: string }>(`/orgs/${props.orgId}/keys/scoped`, {
        ...rest,
        project_id: props.projectId,
        expires_at: new Date(Date.now() + expires_in_days * 86_400_000).toISOString(),
      });
      setErrors({});
      props.onCreated(created.key);
    } catch (err) {
      setErrors(err instanceof ApiError ? { ...err.fieldErrors(), form: err.message } : {});
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field
        label="Name (optional)"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
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

function KeyRow(props: {
  orgId: string;
  k: KeySummary;
  canEdit: boolean;
  onShow: (title: string, key: string) => void;
  onChanged: () => Promise<void>;
}) {
  const { k, orgId } = props;
  const withReauth = useReauth();
  const [grace, setGrace] = useState('24h');
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(k.name);
  const [error, setError] = useState<string>();
  const live = !k.revoked_at && !k.rolled_to && statusOf(k) === 'Active';
  const base = `/orgs/${orgId}/keys/${k.id}`;

  const run = async (action: () => Promise<void>) => {
    try {
      setError(undefined);
      await action();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong');
    }
  };
  const reveal = () =>
    run(async () => {
      const res = await withReauth(() => api.post<{ key: string }>(`${base}/reveal`));
      props.onShow(`Key ${k.name}`, res.key);
    });
  const roll = () =>
    run(async () => {
      const res = await withReauth(() => api.post<{ key: string }>(`${base}/roll`, { grace }));
      props.onShow(`New key replacing ${k.name}`, res.key);
      await props.onChanged();
    });
  const revoke = () =>
    run(async () => {
      if (!window.confirm(`Revoke ${k.name} (${k.display})? Requests with it will get 401 at once.`)) return;
      await withReauth(() => api.post(`${base}/revoke`));
      await props.onChanged();
    });
  const rename = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const parsed = check(renameForm, { name });
      if (!parsed.ok) throw new ApiError(422, 'invalid_request', parsed.errors.name ?? 'Enter a name');
      await api.patch(base, parsed.data);
      setRenaming(false);
      await props.onChanged();
    });
  };

  return (
    <tr>
      <td>
        {renaming ? (
          <form onSubmit={rename} className="row">
            <label className="visually-hidden" htmlFor={`rename-${k.id}`}>
              New name
            </label>
            <input id={`rename-${k.id}`} value={name} onChange={(e) => setName(e.target.value)} />
            <button type="submit" className="small">
              Save
            </button>
          </form>
        ) : (
          k.name
        )}
        {k.kind === 'scoped' ? <div className="muted">scopes: {k.scopes.join(', ')}</div> : null}
        <FormError message={error} />
      </td>
      <td>
        <code>{k.display}</code>
      </td>
      <td>{k.kind}</td>
      <td>{when(k.created_at)}</td>
      <td>{when(k.last_used_at, 'never')}</td>
      <td>{when(k.expires_at, 'never')}</td>
      <td>{statusOf(k)}</td>
      {props.canEdit ? (
        <td className="actions-cell">
          {live ? (
            <div className="row">
              {k.revealable ? (
                <button type="button" className="secondary small" onClick={reveal}>
                  Reveal
                </button>
              ) : null}
              <button type="button" className="secondary small" onClick={() => setRenaming(!renaming)}>
                Rename
              </button>
              <label className="visually-hidden" htmlFor={`grace-${k.id}`}>
                Grace period for {k.name}
              </label>
              <select
                id={`grace-${k.id}`}
                value={grace}
                onChange={(e) => setGrace(e.target.value)}
                className="small"
              >
                {graces.map((g) => (
                  <option key={g.value} value={g.value}>
                    {g.label}
                  </option>
                ))}
              </select>
              <button type="button" className="secondary small" onClick={roll}>
                Roll
              </button>
              <button type="button" className="danger small" onClick={revoke}>
                Revoke
              </button>
            </div>
          ) : k.rolled_to && !k.revoked_at ? (
            <button type="button" className="danger small" onClick={revoke}>
              Revoke now
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
