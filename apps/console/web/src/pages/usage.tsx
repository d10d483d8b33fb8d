import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { api, type Usage } from '../api.js';
import { DailyChart, palette, type Series } from '../components/chart.js';
import { Empty, FormError } from '../components/field.js';
import { PlanLimit } from '../components/plan-limit.js';
import { RequestLog, type UsageFilter } from './usage/request-log.js';

const query = (f: UsageFilter) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  return q.toString();
};

export function UsagePage({ orgId }: { orgId: string }) {
  const [usage, setUsage] = useState<Usage>();
  const [error, setError] = useState<string>();
  const [filter, setFilter] = useState<UsageFilter>({ from: '', to: '', key_id: '', operation: '' });
  const qs = query(filter);

  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .get<Usage>(`/orgs/${orgId}/usage${qs ? `?${qs}` : ''}`)
        .then((u) => {
          if (stop) return;
          setUsage(u);
          setError(undefined);
        })
        .catch((e) => !stop && setError(e.message));
    void load();
    const timer = setInterval(load, 15_000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [orgId, qs]);

  const charts = useMemo(() => {
    if (!usage) return null;
    const days = usage.days.map((d) => d.day);
    const perDay = (pick: (row: Usage['rows'][number]) => string) => {
      const series = new Map<string, number[]>();
      for (const row of usage.rows) {
        const id = pick(row);
        const values = series.get(id) ?? days.map(() => 0);
        const i = days.indexOf(row.day);
        if (i >= 0) values[i] = (values[i] ?? 0) + row.requests;
        series.set(id, values);
      }
      return series;
    };
    const keyName = new Map(usage.choices.keys.map((k) => [k.id, k.name]));
    const toSeries = (m: Map<string, number[]>, label: (id: string) => string): Series[] =>
      [...m].map(([id, values], i) => ({
        label: label(id),
        values,
        color: palette[i % palette.length] as string,
      }));
    return {
      days,
      totals: [
        {
          label: 'Answered',
          values: usage.days.map((d) => d.requests - d.rate_limited),
          color: palette[0] as string,
        },
        {
          label: '429 (rate limited)',
          values: usage.days.map((d) => d.rate_limited),
          color: palette[1] as string,
        },
      ],
      // The key's id is its one public name: the same in the key list, the audit log and here.
      byKey: toSeries(
        perDay((r) => r.key_id),
        (id) => `${keyName.get(id) ?? 'deleted key'} (${id})`,
      ),
      byOperation: toSeries(
        perDay((r) => r.operation),
        (id) => id,
      ),
    };
  }, [usage]);

  if (!usage || !charts)
    return error ? <FormError message={error} /> : <div className="loading" aria-busy="true" />;
  const minute = usage.current_minute;
  const pct = Math.min(100, Math.round((minute.used / minute.limit) * 100));
  const set = (patch: Partial<UsageFilter>) => setFilter({ ...filter, ...patch });

  return (
    <>
      <h1>Usage</h1>
      <PlanLimit org={{ plan: minute.plan, rate_limit_per_minute: minute.limit }} />
      <form className="filters card" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <label>
          From
          <input
            type="date"
            value={filter.from || usage.from}
            onChange={(e) => set({ from: e.target.value })}
          />
        </label>
        <label>
          To
          <input
            aria-label="To"
            type="date"
            value={filter.to || usage.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </label>
        <label>
          Key
          <select aria-label="Key" value={filter.key_id} onChange={(e) => set({ key_id: e.target.value })}>
            <option value="">All keys</option>
            {usage.choices.keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} ({k.id})
              </option>
            ))}
          </select>
        </label>
        <label>
          Operation
          <select
            aria-label="Operation"
            value={filter.operation}
            onChange={(e) => set({ operation: e.target.value })}
          >
            <option value="">All operations</option>
            {usage.choices.operations.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
        <a
          className="button secondary"
          href={`/console/api/orgs/${orgId}/usage.csv${qs ? `?${qs}` : ''}`}
          download
        >
          Export CSV
        </a>
      </form>
      <FormError message={error} />
      <p className="muted">
        {usage.from} to {usage.to} (UTC days). Credits used: <strong>{usage.credits_used}</strong>: plans are
        flat, so nothing is charged per request or per row.
      </p>
      <section aria-labelledby="minute-title" className="card">
        <h2 id="minute-title">This minute</h2>
        <p>
          <strong data-testid="minute-used">{minute.used}</strong> of {minute.limit} requests per minute on
          your plan.
        </p>
        <progress
          max={minute.limit}
          value={minute.used}
          aria-label="Requests this minute against the plan limit"
        >
          {pct}%
        </progress>
      </section>
      <section aria-labelledby="totals-title">
        <h2 id="totals-title">Requests per day</h2>
        <p>
          Total: <strong data-testid="total-requests">{usage.totals.requests}</strong> requests,{' '}
          {usage.totals.rate_limited} rate limited (429), {usage.totals.errors} errors.
        </p>
        <DailyChart title="Requests and 429s per day" days={charts.days} series={charts.totals} />
      </section>
      {usage.rows.length === 0 ? (
        <Empty title="No requests yet">
          <p>Calls made with this organization's keys show up here within seconds.</p>
        </Empty>
      ) : (
        <>
          <Breakdown
            id="bykey"
            heading="By key"
            column="Key"
            chart={<DailyChart title="Requests per day by key" days={charts.days} series={charts.byKey} />}
            rows={usage.by_key.map((k) => ({
              key: k.key_id,
              label: (
                <>
                  {k.name ?? 'deleted key'} <code>{k.key_id}</code>
                </>
              ),
              ...k,
            }))}
          />
          <Breakdown
            id="byop"
            heading="By operation"
            column="Operation"
            chart={
              <DailyChart
                title="Requests per day by operation"
                days={charts.days}
                series={charts.byOperation}
              />
            }
            rows={usage.by_operation.map((o) => ({
              key: o.operation,
              label: <code>{o.operation}</code>,
              ...o,
            }))}
          />
          <Breakdown
            id="daily"
            heading="Per day"
            column="Day"
            rows={usage.days
              .filter((d) => d.requests > 0)
              .reverse()
              .map((d) => ({ key: d.day, label: d.day, ...d }))}
          />
        </>
      )}
      <RequestLog orgId={orgId} filter={filter} />
    </>
  );
}

interface Counts {
  key: string;
  label: ReactNode;
  requests: number;
  rate_limited: number;
  errors: number;
}

/** One breakdown of the usage: a heading, an optional chart and a table of counts per row. */
function Breakdown(props: {
  id: string;
  heading: string;
  column: string;
  chart?: ReactNode;
  rows: Counts[];
}) {
  return (
    <section aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.heading}</h2>
      {props.chart}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{props.column}</th>
              <th scope="col">Requests</th>
              <th scope="col">429s</th>
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.key}>
                <td>{r.label}</td>
                <td>{r.requests}</td>
                <td>{r.rate_limited}</td>
                <td>{r.errors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
