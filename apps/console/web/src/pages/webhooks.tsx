import { type FormEvent, useCallback, useState } from 'react';
import { CopyButton } from '../components/copy-button.js';
import { Field, FormError } from '../components/field.js';
import { KeyGate } from '../components/key-gate.js';

// Kept in step with `eventTypes` in packages/core/src/webhooks/events.ts (the page bundles no core code).
const eventTypes = [
  'job_change.detected',
  'intent.surge',
  'hiring.spike',
  'verify_job.completed',
  'audience_job.completed',
  'import.completed',
] as const;

interface Subscription {
  id: string;
  url: string;
  description: string | null;
  event_types: string[];
  filter: { companies: string[] | null; topics: string[] | null; min_score: number | null };
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
}

interface Delivery {
  id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  created_at: string;
  attempt_log: {
    attempt: number;
    started_at: string;
    status: number | null;
    latency_ms: number;
    error: string | null;
    response_excerpt: string | null;
  }[];
}

/**
 * Webhook subscriptions belong to a project: the page calls the REST API (`/v1/webhooks/...`, the
 * registry's webhook operations) with a key of that project holding the `webhooks` scope (every primary
 * key does). The key lives in this page's memory only: never stored, forgotten on leaving the page.
 */
async function call<T>(key: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/v1/webhooks/subscriptions${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((json as { message?: string }).message ?? `request failed (${res.status})`);
  return json as T;
}

const list = (text: string) => {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : null;
};

export function WebhooksPage() {
  const [key, setKey] = useState('');
  const [subs, setSubs] = useState<Subscription[]>();
  const [error, setError] = useState<string>();
  const [secret, setSecret] = useState<{ id: string; secret: string }>();
  const [open, setOpen] = useState<string>();
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const [notice, setNotice] = useState<string>();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>(['intent.surge']);
  const [companies, setCompanies] = useState('');
  const [topics, setTopics] = useState('');
  const [minScore, setMinScore] = useState('');
  const [description, setDescription] = useState('');

  const attempt = async (work: () => Promise<void>) => {
    setError(undefined);
    setNotice(undefined);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const reload = useCallback(
    async () => setSubs((await call<{ subscriptions: Subscription[] }>(key, 'GET', '')).subscriptions),
    [key],
  );
  const showDeliveries = async (id: string) => {
    setOpen(id);
    setDeliveries(
      (await call<{ deliveries: Delivery[] }>(key, 'GET', `/${id}/deliveries?limit=50`)).deliveries,
    );
  };

  const unlock = (e: FormEvent) => {
    e.preventDefault();
    void attempt(reload);
  };
  const create = (e: FormEvent) => {
    e.preventDefault();
    void attempt(async () => {
      const made = await call<{ subscription: Subscription; secret: string }>(key, 'POST', '', {
        url,
        event_types: types,
        description: description.trim() || null,
        filter: {
          companies: list(companies),
          topics: list(topics),
          min_score: minScore.trim() === '' ? null : Number(minScore),
        },
      });
      setSecret({ id: made.subscription.id, secret: made.secret });
      setUrl('');
      await reload();
    });
  };
  const rotate = (id: string) =>
    attempt(async () => {
      const rotated = await call<{ secret: string }>(key, 'POST', `/${id}/rotate-secret`, {
        grace_seconds: 86_400,
      });
      setSecret({ id, secret: rotated.secret });
    });
  const remove = (id: string) =>
    attempt(async () => {
      if (!window.confirm('Delete this subscription and its delivery log?')) return;
      await call(key, 'DELETE', `/${id}`);
      if (open === id) setOpen(undefined);
      await reload();
    });
  const toggle = (sub: Subscription) =>
    attempt(async () => {
      await call(key, 'POST', `/${sub.id}`, { enabled: !sub.enabled });
      await reload();
    });
  const test = (id: string) =>
    attempt(async () => {
      const sent = await call<{ delivery_id: string }>(key, 'POST', `/${id}/test`, {});
      setNotice(`Test event queued as ${sent.delivery_id}.`);
      await showDeliveries(id);
    });
  const replay = (id: string, delivery: string) =>
    attempt(async () => {
      await call(key, 'POST', `/${id}/deliveries/${delivery}/replay`, {});
      setNotice(`${delivery} queued again.`);
      await showDeliveries(id);
    });

  if (!subs)
    return (
      <>
        <h1>Webhooks</h1>
        <FormError message={error} />
        <section aria-labelledby="webhooks-key-title" className="card">
          <h2 id="webhooks-key-title">Open with a key</h2>
          <p className="muted">
            Subscriptions belong to a project: open them with one of its keys (any primary key has the
            webhooks scope). It is kept on this page only.
          </p>
          <KeyGate label="Project key" value={key} onChange={setKey} onSubmit={unlock} />
        </section>
      </>
    );

  return (
    <>
      <h1>Webhooks</h1>
      <FormError message={error} />
      {notice ? (
        <p role="status" className="notice">
          {notice}
        </p>
      ) : null}
      {secret ? (
        <section className="reveal" aria-labelledby="secret-title">
          <h2 id="secret-title">Signing secret of {secret.id}</h2>
          <p>Copy it now: it is not shown again. Receivers verify each delivery's signature with it.</p>
          <div className="key-line">
            <code data-testid="webhook-secret">{secret.secret}</code>
            <CopyButton text={secret.secret} label="Copy secret" />
          </div>
          <button type="button" onClick={() => setSecret(undefined)}>
            I have copied it
          </button>
        </section>
      ) : null}
      <section aria-labelledby="subs-title" className="card">
        <h2 id="subs-title">Subscriptions</h2>
        {subs.length === 0 ? (
          <p className="muted">No subscriptions in this project yet.</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>URL</th>
                <th>Events</th>
                <th>State</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {subs.map((s) => (
                <tr key={s.id} data-testid={`subscription-${s.id}`}>
                  <td>
                    <code>{s.url}</code>
                    {s.description ? <div className="muted">{s.description}</div> : null}
                  </td>
                  <td>{s.event_types.join(', ')}</td>
                  <td>{s.enabled ? 'on' : `off${s.disabled_reason ? ` (${s.disabled_reason})` : ''}`}</td>
                  <td className="actions">
                    <button type="button" className="small" onClick={() => void test(s.id)}>
                      Send test
                    </button>
                    <button
                      type="button"
                      className="small secondary"
                      onClick={() => void attempt(() => showDeliveries(s.id))}
                    >
                      Deliveries
                    </button>
                    <button type="button" className="small secondary" onClick={() => void toggle(s)}>
                      {s.enabled ? 'Turn off' : 'Turn on'}
                    </button>
                    <button type="button" className="small secondary" onClick={() => void rotate(s.id)}>
                      Rotate secret
                    </button>
                    <button type="button" className="small danger" onClick={() => void remove(s.id)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {open ? (
        <section aria-labelledby="log-title" className="card">
          <h2 id="log-title">Deliveries of {open}</h2>
          <button
            type="button"
            className="small secondary"
            onClick={() => void attempt(() => showDeliveries(open))}
          >
            Refresh
          </button>
          {deliveries.length === 0 ? (
            <p className="muted">No deliveries yet.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>Delivery</th>
                  <th>Event</th>
                  <th>Status</th>
                  <th>Attempts</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {deliveries.map((d) => (
                  <tr key={d.id} data-testid={`delivery-${d.id}`}>
                    <td>
                      <code>{d.id}</code>
                      <div className="muted">{new Date(d.created_at).toLocaleString()}</div>
                    </td>
                    <td>{d.event_type}</td>
                    <td data-testid="delivery-status">{d.status}</td>
                    <td>
                      <ol>
                        {d.attempt_log.map((a) => (
                          <li key={a.attempt}>
                            {a.status ?? a.error ?? 'no answer'} in {a.latency_ms} ms
                            {a.response_excerpt ? <code> {a.response_excerpt}</code> : null}
                          </li>
                        ))}
                      </ol>
                    </td>
                    <td>
                      {d.status === 'pending' ? null : (
                        <button type="button" className="small" onClick={() => void replay(open, d.id)}>
                          Replay
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ) : null}
      <section aria-labelledby="new-title" className="card">
        <h2 id="new-title">New subscription</h2>
        <form onSubmit={create} noValidate>
          <Field label="Receiver URL" type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
          <fieldset>
            <legend>Events</legend>
            <div className="checks">
              {eventTypes.map((t) => (
                <label key={t}>
                  <input
                    type="checkbox"
                    checked={types.includes(t)}
                    onChange={(e) =>
                      setTypes(e.target.checked ? [...types, t] : types.filter((x) => x !== t))
                    }
                  />{' '}
                  {t}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            label="Only these company domains (comma-separated, empty for all)"
            value={companies}
            onChange={(e) => setCompanies(e.target.value)}
          />
          <Field
            label="Only these topics (comma-separated, empty for all)"
            value={topics}
            onChange={(e) => setTopics(e.target.value)}
          />
          <Field
            label="Threshold score 0-100 (empty: 60 for surges and spikes)"
            inputMode="decimal"
            value={minScore}
            onChange={(e) => setMinScore(e.target.value)}
          />
          <Field label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
          <button type="submit">Create subscription</button>
        </form>
      </section>
    </>
  );
}
