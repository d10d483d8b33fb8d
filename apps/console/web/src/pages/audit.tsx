import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, type AuditEntry, api } from '../api.js';
import { Empty, FormError, Select } from '../components/field.js';

const actions = [
  { value: '', label: 'All events' },
  { value: 'key.', label: 'All key events' },
  { value: 'key.created', label: 'key.created' },
  { value: 'key.revealed', label: 'key.revealed' },
  { value: 'key.rolled', label: 'key.rolled' },
  { value: 'key.revoked', label: 'key.revoked' },
  { value: 'key.renamed', label: 'key.renamed' },
  { value: 'member.', label: 'All member events' },
  { value: 'member.invited', label: 'member.invited' },
  { value: 'member.joined', label: 'member.joined' },
  { value: 'member.role_changed', label: 'member.role_changed' },
  { value: 'member.removed', label: 'member.removed' },
  { value: 'invitation.revoked', label: 'invitation.revoked' },
  { value: 'project.created', label: 'project.created' },
  { value: 'org.', label: 'Organization events' },
];

const details = (data: AuditEntry['data']) =>
  data
    ? Object.entries(data)
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
        .join('; ')
    : '';

export function AuditPage({ orgId }: { orgId: string }) {
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [entries, setEntries] = useState<AuditEntry[]>();
  const [more, setMore] = useState(false);
  const [error, setError] = useState<string>();

  const fetchPage = useCallback(
    async (before?: number) => {
      const q = new URLSearchParams({ limit: '50' });
      if (action) q.set('action', action);
      if (target.trim()) q.set('target', target.trim());
      if (before) q.set('before', String(before));
      return api.get<AuditEntry[]>(`/orgs/${orgId}/audit?${q}`);
    },
    [orgId, action, target],
  );

  const load = useCallback(async () => {
    try {
      const page = await fetchPage();
      setEntries(page);
      setMore(page.length === 50);
      setError(undefined);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not load the audit log');
      setEntries([]);
    }
  }, [fetchPage]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load on organization or action change; the target filter applies on submit
  useEffect(() => {
    void load();
  }, [orgId, action]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load();
  };
  const loadMore = async () => {
    const last = entries?.at(-1);
    if (!last) return;
    const page = await fetchPage(last.id);
    setEntries([...(entries ?? []), ...page]);
    setMore(page.length === 50);
  };

  return (
    <>
      <h1>Audit log</h1>
      <form onSubmit={submit} className="row" noValidate>
        <Select label="Event" value={action} onChange={(e) => setAction(e.target.value)} options={actions} />
        <div className="field">
          <label htmlFor="audit-target">Target id</label>
          <input
            id="audit-target"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            placeholder="key_…"
          />
          <p className="error" />
        </div>
        <button type="submit">Filter</button>
      </form>
      <FormError message={error} />
      {!entries ? (
        <div className="loading" aria-busy="true" />
      ) : entries.length === 0 ? (
        <Empty title="No events match">
          <p>Key and member changes are recorded here with who, when, from which address and browser.</p>
        </Empty>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Actor</th>
                <th scope="col">Target</th>
                <th scope="col">IP</th>
                <th scope="col">User agent</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id}>
                  <td>{new Date(e.created_at).toLocaleString()}</td>
                  <td>
                    <code>{e.action}</code>
                  </td>
                  <td>{e.actor_email ?? (e.actor_user_id ? e.actor_user_id : 'operator')}</td>
                  <td>{e.target_id ? <code>{e.target_id}</code> : '—'}</td>
                  <td>{e.ip ?? '—'}</td>
                  <td className="ua">{e.user_agent ?? '—'}</td>
                  <td className="ua">{details(e.data)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {more ? (
        <button type="button" className="secondary" onClick={loadMore}>
          Load older events
        </button>
      ) : null}
    </>
  );
}
