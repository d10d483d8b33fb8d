import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { api, type Usage } from '../api.js';
import { DailyChart, palette, type Series } from '../components/chart.js';
import { Empty, FormError } from '../components/field.js';

export function UsagePage({ orgId }: { orgId: string }) {
  const [usage, setUsage] = useState<Usage>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let stop = false;
    const load = () =>
      api
        .get<Usage>(`/orgs/${orgId}/usage`)
        .then((u) => !stop && setUsage(u))
        .catch((e) => setError(e.message));
    void load();
    const timer = setInterval(load, 15_000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [orgId]);

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
    const keyName = new Map(usage.by_key.map((k) => [k.key_id, k.name ?? k.key_id]));
    const toSeries = (m: Map<string, number[]>, label: (id: string) => string): Series[] =>
      [...m].map(([id, values], i) => ({
        label: label(id),
        values,
        color: palette[i % palette.length] as string,
      }));
    return {
      days,
      totals: [
        { label: 'Requests', values: usage.days.map((d) => d.requests), color: palette[0] as string },
        {
          label: '429 (rate limited)',
          values: usage.days.map((d) => d.rate_limited),
          color: palette[1] as string,
        },
      ],
      byKey: toSeries(
        perDay((r) => r.key_id),
        (id) => keyName.get(id) ?? id,
      ),
      byOperation: toSeries(
        perDay((r) => r.operation),
        (id) => id,
      ),
    };
  }, [usage]);

  if (error) return <FormError message={error} />;
  if (!usage || !charts) return <div className="loading" aria-busy="true" />;
  const minute = usage.current_minute;
  const pct = Math.min(100, Math.round((minute.used / minute.limit) * 100));

  return (
    <>
      <h1>Usage</h1>
      <p className="muted">
        Last 30 days ({usage.from} to {usage.to}, UTC). Credits used: <strong>{usage.credits_used}</strong>:
        plans are flat, so nothing is charged per request or per row.
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
                  {k.name ?? k.key_id} <code>{k.display}</code>
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
