import { type FormEvent, useState } from 'react';
import { ApiError, api, type KeySummary } from '../../api.js';
import { FormError } from '../../components/field.js';
import { useReauth } from '../../components/reauth.js';
import { check, renameForm } from '../../forms.js';

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

export function KeyRow(props: {
  orgId: string;
  k: KeySummary;
  canEdit: boolean;
  onShow: (title: string, key: string, scopes: string[]) => void;
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
      props.onShow(`Key ${k.name}`, res.key, k.scopes);
    });
  const roll = () =>
    run(async () => {
      // Without a grace period the old key stops at once, like a revoke: the same confirmation.
      if (
        grace === 'none' &&
        !window.confirm(
          `Roll ${k.name} (${k.id}) with no grace period? Requests with the old key will get 401 at once.`,
        )
      )
        return;
      const res = await withReauth(() => api.post<{ key: string }>(`${base}/roll`, { grace }));
      props.onShow(`New key replacing ${k.name}`, res.key, k.scopes);
      await props.onChanged();
    });
  const revoke = () =>
    run(async () => {
      if (!window.confirm(`Revoke ${k.name} (${k.id})? Requests with it will get 401 at once.`)) return;
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
        <code data-testid="key-id">{k.id}</code>
        <div className="muted">secret ends …{k.display.slice(-4)}</div>
      </td>
      <td>{k.kind}</td>
      <td>
        <div>{k.origins.length ? `origins: ${k.origins.join(', ')}` : 'any origin'}</div>
        <div>{k.rate_limit != null ? `cap: ${k.rate_limit}/min` : 'plan limit only'}</div>
      </td>
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
