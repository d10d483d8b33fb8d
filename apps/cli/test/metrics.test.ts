import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCli, waitForOutput } from './run-cli.js';

// `dossier serve` with METRICS_PORT: /metrics on its own port, counters that move with the
// requests served (by operation and status), rate-limit rejections, and nothing on the main port.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dossier-metrics-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sampleOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('dossier serve with METRICS_PORT', () => {
  it('serves Prometheus metrics on their own port, and the counters move', async () => {
    const created = await runCli(['keys', 'create', '--org', 'metrics', '--plan', 'free'], {
      DOSSIER_DATA_DIR: dir,
    });
    expect(created.code).toBe(0);
    const auth = { authorization: `Bearer ${created.stdout.trim()}` };

    const server = startCli(['serve'], {
      DOSSIER_DATA_DIR: dir,
      PORT: '0',
      METRICS_PORT: '0',
      DOSSIER_DEMO: 'false',
    });
    try {
      const out = await waitForOutput(server, /"url":"(http:[^"]+)".*Dossier is listening/);
      const metricsUrl = (/"url":"(http:[^"]+\/metrics)"/.exec(out) as RegExpExecArray)[1] as string;
      const base = (/"url":"(http:[^"]+)".*Dossier is listening/.exec(out) as RegExpExecArray)[1] as string;
      const scrape = async () => {
        const res = await fetch(metricsUrl);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        return res.text();
      };

      const before = await scrape();
      expect(sampleOf(before, 'dossier_webhook_delivery_failures_total')).toBe(0);
      expect(sampleOf(before, 'dossier_db_pool_connections{state="max"}')).toBe(1);
      expect(sampleOf(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);

      // The free plan allows 10 a minute: 10 answers (404: no demo data) and then a 429.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await fetch(`${base}/v1/company/nowhere.example`, { headers: auth })).status);
      }
      expect(statuses).toEqual([...Array(10).fill(404), 429]);
      expect((await fetch(`${base}/v1/company/nowhere.example`)).status).toBe(401);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).not.toBe(200); // not on the public port

      const after = await scrape();
      const series = (op: string, status: number) =>
        sampleOf(after, `dossier_http_requests_total{operation="${op}",status="${status}"}`);
      expect(series('get_company', 404)).toBe(10);
      expect(series('get_company', 429)).toBe(1);
      expect(series('get_company', 401)).toBe(1);
      expect(series('health', 200)).toBe(1);
      expect(
        sampleOf(after, 'dossier_http_request_duration_seconds_count{operation="get_company",status="404"}'),
      ).toBe(10);
      expect(sampleOf(after, 'dossier_rate_limit_rejections_total{limit="plan"}')).toBe(1);
      expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
    } finally {
      server.kill('SIGTERM');
      await once(server, 'exit');
    }
  }, 600_000);
});
