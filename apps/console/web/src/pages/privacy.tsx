import { type FormEvent, useState } from 'react';
import { FormError } from '../components/field.js';
import { KeyGate } from '../components/key-gate.js';

interface Retention {
  source_record_days: number | null;
  job_output_days: number | null;
  last_sweep_at: string | null;
}

/**
 * Privacy requests are operator-only: the page calls the REST API (`/v1/privacy/...`) with a key
 * that holds the `privacy` scope (`dossier keys create --privacy`). The key lives in this page's
 * memory only: it is never stored, and leaving the page forgets it.
 */
async function call<T>(key: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`/v1/privacy/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((json as { message?: string }).message ?? `request failed (${res.status})`);
  return json as T;
}

const kept = (days: number | null) => (days == null ? 'until erased' : `${days} days`);

export function PrivacyPage() {
  const [key, setKey] = useState('');
  const [retention, setRetention] = useState<Retention>();
  const [identifier, setIdentifier] = useState('');
  const [result, setResult] = useState<string>();
  const [error, setError] = useState<string>();
  const [sourceDays, setSourceDays] = useState('');
  const [jobDays, setJobDays] = useState('');

  const attempt = async (work: () => Promise<void>) => {
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const unlock = (e: FormEvent) => {
    e.preventDefault();
    void attempt(async () => setRetention(await call<Retention>(key, 'retention', {})));
  };
  const request = (action: 'access' | 'erase' | 'suppress') =>
    attempt(async () => {
      if (action === 'erase' && !window.confirm('Erase this person and every copy? This cannot be undone.'))
        return;
      setResult(JSON.stringify(await call(key, action, { identifier }), null, 2));
    });
  const saveRetention = (e: FormEvent) => {
    e.preventDefault();
    const days = (v: string) => (v.trim() === '' || v.trim() === 'keep' ? null : Number(v));
    void attempt(async () =>
      setRetention(
        await call<Retention>(key, 'retention', {
          source_record_days: days(sourceDays),
          job_output_days: days(jobDays),
        }),
      ),
    );
  };

  return (
    <>
      <h1>Privacy</h1>
      <FormError message={error} />
      {!retention ? (
        <section aria-labelledby="privacy-key-title" className="card">
          <h2 id="privacy-key-title">Operator key</h2>
          <p className="muted">
            Access, erasure and suppression requests need a key with the privacy scope, which only an operator
            grants: <code>pnpm dossier keys create --org ORG --privacy</code>. It is kept on this page only.
          </p>
          <KeyGate label="Privacy key" value={key} onChange={setKey} onSubmit={unlock} />
        </section>
      ) : (
        <>
          <section aria-labelledby="retention-title" className="card">
            <h2 id="retention-title">Retention</h2>
            <dl className="facts">
              <dt>Raw source records</dt>
              <dd data-testid="retention-sources">{kept(retention.source_record_days)}</dd>
              <dt>Job outputs (audience CSVs, verification results)</dt>
              <dd data-testid="retention-jobs">{kept(retention.job_output_days)}</dd>
              <dt>Last sweep</dt>
              <dd>
                {retention.last_sweep_at ? new Date(retention.last_sweep_at).toLocaleString() : 'not yet'}
              </dd>
            </dl>
            <form onSubmit={saveRetention}>
              <label>
                Keep source records (days, empty to keep)
                <input
                  inputMode="numeric"
                  value={sourceDays}
                  onChange={(e) => setSourceDays(e.target.value)}
                />
              </label>
              <label>
                Keep job outputs (days, empty to keep)
                <input inputMode="numeric" value={jobDays} onChange={(e) => setJobDays(e.target.value)} />
              </label>
              <button type="submit">Save retention</button>
            </form>
          </section>
          <section aria-labelledby="request-title" className="card">
            <h2 id="request-title">A person's request</h2>
            <label>
              Person id, email, phone (E.164) or LinkedIn URL
              <input value={identifier} onChange={(e) => setIdentifier(e.target.value)} />
            </label>
            <div className="actions">
              <button type="button" onClick={() => void request('access')}>
                Access request
              </button>
              <button type="button" onClick={() => void request('suppress')}>
                Stop contacting
              </button>
              <button type="button" className="danger" onClick={() => void request('erase')}>
                Erase
              </button>
            </div>
            {result ? <pre data-testid="privacy-result">{result}</pre> : null}
          </section>
        </>
      )}
    </>
  );
}
