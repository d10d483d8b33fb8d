import { useCallback, useEffect, useState } from 'react';
import { api, type RequestLogEntry } from '../../api.js';
import { FormError } from '../../components/field.js';

export interface UsageFilter {
  from: string;
  to: string;
  key_id: string;
  operation: string;
}

interface Page {
  retention_days: number;
  entries: RequestLogEntry[];
}

/** The newest requests under the usage filters, 50 at a time, with a button for older ones. */
export function RequestLog({ orgId, filter }: { orgId: string; filter: UsageFilter }) {
  const [page, setPage] = useState<Page>();
  const [error, setError] = useState<string>();
  const [more, setMore] = useState(false);

  const load = useCallback(
    async (before?: number) => {
      const q = new URLSearchParams({ limit: '50' });
      for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
      if (before) q.set('before', String(before));
      const next = await api.get<Page>(`/orgs/${orgId}/requests?${q}`);
      setMore(next.entries.length === 50);
      setPage((prev) => (before && prev ? { ...next, entries: [...prev.entries, ...next.entries] } : next));
    },
    [orgId, filter],
  );
  useEffect(() => {
    load()
      .then(() => setError(undefined))
      .catch((e) => setError(e.message));
  }, [load]);

  return (
    <section aria-labelledby="requests-title">
      <h2 id="requests-title">Request log</h2>
      <FormError message={error} />
      {page ? (
        <>
          <p className="muted">
            Each request with its key, operation, status and latency, kept {page.retention_days} days
            (REQUEST_LOG_DAYS).{' '}
            <button type="button" className="secondary small" onClick={() => void load()}>
              Refresh
            </button>
          </p>
          {page.entries.length === 0 ? (
            <p>No requests in this window.</p>
          ) : (
            <div className="table-wrap">
              <table data-testid="request-log">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Key id</th>
                    <th scope="col">Operation</th>
                    <th scope="col">Status</th>
                    <th scope="col">Latency</th>
                  </tr>
                </thead>
                <tbody>
                  {page.entries.map((e) => (
                    <tr key={e.id}>
                      <td>{new Date(e.at).toLocaleString()}</td>
                      <td>
                        <code>{e.key_id}</code>
                      </td>
                      <td>
                        <code>{e.operation}</code>
                      </td>
                      <td>{e.status}</td>
                      <td>{e.latency_ms} ms</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {more ? (
            <button type="button" className="secondary" onClick={() => void load(page.entries.at(-1)?.id)}>
              Older requests
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
