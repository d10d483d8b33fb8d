import { type ChildProcess, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { provisionKey } from '@dossier/access';
import {
  audience,
  createJobRunner,
  createVerifier,
  type JobRunner,
  operations,
  primaryScopes,
  VERIFY_JOB_KIND,
  verifyJobKind,
  webhooks,
} from '@dossier/core';
import { demoSubset, generateDemoData, loadDemoData } from '@dossier/core/demo';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '../src/index.js';
import { createHarness, memoryLog } from './harness.js';

/**
 * The OpenAPI document against the live server, judged by an independent validating proxy
 * (Stoplight Prism): every request goes through it, and it reports in `sl-violations` where the
 * request or the server's answer departs from the document. Every operation is called with valid
 * input (JSON and form-encoded), with input the document itself rules out, and with the refusals
 * the door gives (no key, wrong scope, rate limit, bad bodies). An answer the document does not
 * describe fails, and so does input the server takes but the document rejects, or the reverse.
 */

interface Violation {
  location: string[];
  message: string;
}

interface Case {
  name: string;
  op: string;
  method: string;
  path: string;
  /** Query string values (GET) or the body's fields (POST). */
  input?: Record<string, unknown>;
  /** Raw body, sent as is with its content type. */
  raw?: { type: string; body: string };
  form?: boolean;
  key?: string | null;
  headers?: Record<string, string>;
  /** valid: the document accepts the request; invalid: it must reject it; any: not its concern. */
  request: 'valid' | 'invalid' | 'any';
  status: number;
}

const prismBin = join(import.meta.dirname, '../node_modules/.bin/prism');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** Form values are text: lists go comma-separated (`explode: false`), spaces as `%20`. */
const formOf = (input: Record<string, unknown>) =>
  Object.entries(input)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v))}`,
    )
    .join('&');

let harness: Awaited<ReturnType<typeof createHarness>>;
let runner: JobRunner;
let server: ServerType;
let prism: ChildProcess;
let proxy = '';
let key = '';
let usageOnlyKey = '';
let searchOnlyKey = '';
let freeKey = '';

describe('the OpenAPI document agrees with the server (Prism validating proxy)', () => {
  beforeAll(async () => {
    harness = await createHarness();
    await loadDemoData(harness.database, {
      data: demoSubset(generateDemoData(1, new Date('2026-11-01T00:00:00Z')), ['northwind.example']),
    });
    // DNS goes to a loopback port where nothing listens: verification answers at once, offline.
    const verifier = createVerifier({
      heloName: 'test.example',
      mailFrom: 'probe@test.example',
      dnsServers: ['127.0.0.1:9'],
    });
    runner = createJobRunner({ database: harness.database, pollMs: 20 });
    runner.registerJobKind(VERIFY_JOB_KIND, verifyJobKind({ verifier }));
    runner.registerJobKind(audience.AUDIENCE_JOB_KIND, audience.audienceJobKind());
    const app = createApiApp({
      database: harness.database,
      access: harness.access,
      log: memoryLog().log,
      jobs: runner.jobs,
      verifier,
      maxBodyBytes: 256 * 1024,
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((r) => server.once('listening', () => r()));
    const upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const tenant = (plan: 'free' | 'enterprise', extra?: { kind: 'scoped'; scopes: string[] }) =>
      provisionKey(harness.database.db, harness.access.keys, {
        org: `conformance-${plan}-${extra?.scopes.join('-') ?? 'primary'}`,
        plan,
        key: extra
          ? { ...extra, expiresAt: new Date(Date.now() + 86_400_000) }
          : { kind: 'primary', scopes: [...primaryScopes, 'ingest'] },
      });
    key = (await tenant('enterprise')).key;
    usageOnlyKey = (await tenant('enterprise', { kind: 'scoped', scopes: ['usage'] })).key;
    searchOnlyKey = (await tenant('enterprise', { kind: 'scoped', scopes: ['search'] })).key;
    freeKey = (await tenant('free')).key;

    const port = await freePort();
    proxy = `http://127.0.0.1:${port}`;
    prism = spawn(
      prismBin,
      ['proxy', `${upstream}/v1/openapi.json`, upstream, '--port', String(port), '--host', '127.0.0.1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${output}`)), 90_000);
      const read = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Prism is listening')) {
          clearTimeout(timer);
          resolve();
        }
      };
      prism.stdout?.on('data', read);
      prism.stderr?.on('data', read);
      prism.once('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${output}`)));
    });
  }, 180_000);

  afterAll(async () => {
    prism?.kill();
    await runner?.stop();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await harness?.close();
  });

  async function send(c: Case) {
    const headers: Record<string, string> = { ...c.headers };
    const bearer = c.key === undefined ? key : c.key;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let url = `${proxy}${c.path}`;
    let body: string | undefined;
    if (c.raw) {
      headers['content-type'] = c.raw.type;
      body = c.raw.body;
    } else if (c.method === 'GET' || c.method === 'DELETE') {
      // Neither reads a body (the document gives them none).
      if (c.input) url += `?${formOf(c.input)}`;
    } else if (c.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = formOf(c.input ?? {});
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(c.input ?? {});
    }
    const res = await fetch(url, { method: c.method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]') as Violation[];
    return { status: res.status, text, violations };
  }

  const failures: string[] = [];
  const seen = new Map<string, Set<string>>();

  /** Sends one case and records every way it departs from what it expects. */
  async function check(c: Case) {
    const res = await send(c);
    const on = (where: string) => res.violations.filter((v) => v.location[0] === where);
    const describe = (vs: Violation[]) => vs.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ');
    const label = `${c.op} · ${c.name}`;
    if (res.status !== c.status)
      failures.push(`${label}: status ${res.status}, expected ${c.status}: ${res.text.slice(0, 300)}`);
    if (on('response').length)
      failures.push(`${label}: the answer is not as documented: ${describe(on('response'))}`);
    if (c.request === 'valid' && on('request').length) {
      failures.push(`${label}: the server took it, the document rejects it: ${describe(on('request'))}`);
    }
    if (c.request === 'invalid' && !on('request').length) {
      failures.push(
        `${label}: the server refused it (${res.status}), the document does not say it is invalid`,
      );
    }
    const kinds = seen.get(c.op) ?? new Set();
    kinds.add(
      c.request === 'valid' && res.status < 300 ? 'valid' : c.request === 'invalid' ? 'invalid' : 'other',
    );
    seen.set(c.op, kinds);
    return res;
  }

  it('every operation, valid and invalid, each content type, and every refusal of the door', async () => {
    const opOf = (name: string) => {
      const op = operations.find((o) => o.name === name);
      if (!op) throw new Error(`no operation ${name}`);
      return op;
    };
    const at = (name: string, params: Record<string, string> = {}) =>
      opOf(name).path.replace(/\{(\w+)\}/g, (_, p: string) => encodeURIComponent(params[p] ?? ''));
    const example = (name: string) => {
      const op = opOf(name);
      return { ...(op.example.input as Record<string, unknown>) };
    };
    const post = (name: string, c: Partial<Case> & Pick<Case, 'name' | 'request' | 'status'>) =>
      check({ op: name, method: 'POST', path: at(name), ...c });
    const get = (
      name: string,
      params: Record<string, string>,
      c: Partial<Case> & Pick<Case, 'name' | 'request' | 'status'>,
    ) => check({ op: name, method: 'GET', path: at(name, params), ...c });

    // enrich: the reference call (comma-separated fields) as a form and as JSON, bulk, and mistakes.
    const enrich = example('enrich');
    await post('enrich', { name: 'example as JSON', input: enrich, request: 'valid', status: 200 });
    await post('enrich', {
      name: 'example as a form',
      input: enrich,
      form: true,
      request: 'valid',
      status: 200,
    });
    await post('enrich', {
      name: 'fields as an array',
      input: { domain: 'northwind.example', fields: ['email', 'headcount'] },
      request: 'valid',
      status: 200,
    });
    await post('enrich', {
      name: 'bulk records',
      input: { records: [{ domain: 'northwind.example' }, { domain: 'not a domain' }], fields: 'email' },
      request: 'valid',
      status: 200,
    });
    await post('enrich', {
      name: 'an unknown field in the comma list',
      input: { domain: 'northwind.example', fields: 'email,shoe_size' },
      request: 'invalid',
      status: 422,
    });
    await post('enrich', {
      name: 'an unknown field in the form',
      input: { domain: 'northwind.example', fields: 'email,shoe_size' },
      form: true,
      request: 'invalid',
      status: 422,
    });
    await post('enrich', {
      name: 'an unknown property',
      input: { domain: 'northwind.example', shoe_size: 44 },
      request: 'invalid',
      status: 422,
    });
    await post('enrich', {
      name: 'limit out of range',
      input: { domain: 'northwind.example', limit: 0 },
      request: 'invalid',
      status: 422,
    });
    await post('enrich', {
      name: 'a JSON array body',
      raw: { type: 'application/json', body: '[1,2]' },
      request: 'invalid',
      status: 400,
    });
    await post('enrich', {
      name: 'a text body',
      raw: { type: 'text/plain', body: 'northwind.example' },
      request: 'invalid',
      status: 415,
    });
    await post('enrich', {
      name: 'a body over the limit',
      input: { domain: 'northwind.example', metadata: 'x'.repeat(300 * 1024) },
      request: 'any',
      status: 413,
    });

    // Records by id.
    const company = await get(
      'get_company',
      { domain: 'northwind.example' },
      { name: 'example', request: 'valid', status: 200 },
    );
    await get(
      'get_company',
      { domain: 'northwind.example' },
      { name: 'live=false', input: { live: 'false' }, request: 'valid', status: 200 },
    );
    await get(
      'get_company',
      { domain: 'missing.example' },
      { name: 'unknown company', request: 'valid', status: 404 },
    );
    await get(
      'get_company',
      { domain: 'northwind.example' },
      { name: 'live=maybe', input: { live: 'maybe' }, request: 'invalid', status: 422 },
    );
    const personId = /"(per_[A-Za-z0-9_-]+)"/.exec(
      (
        await send({
          op: 'enrich',
          name: 'person id',
          method: 'POST',
          path: at('enrich'),
          input: { domain: 'northwind.example' },
          request: 'valid',
          status: 200,
        })
      ).text,
    )?.[1];
    expect(personId, 'a person id from the demo data').toBeTruthy();
    expect(company.status).toBe(200);
    await get(
      'get_person',
      { id: personId as string },
      { name: 'a demo person', request: 'valid', status: 200 },
    );
    await get(
      'get_person',
      { id: 'per_0123456789abcdefghij' },
      { name: 'example (no such person)', request: 'valid', status: 404 },
    );
    await get('get_person', { id: 'nope' }, { name: 'not a person id', request: 'invalid', status: 422 });

    // Search.
    for (const name of ['search_companies', 'search_people', 'search']) {
      const input = example(name);
      await post(name, { name: 'example', input, request: 'valid', status: 200 });
      await post(name, {
        name: 'a form',
        input: { query: String(input.query), limit: 3 },
        form: true,
        request: 'valid',
        status: 200,
      });
      await post(name, {
        name: 'limit as text',
        input: { query: 'x', limit: 'many' },
        request: 'invalid',
        status: 422,
      });
      await post(name, {
        name: 'an unknown property',
        input: { ...input, colour: 'red' },
        request: 'invalid',
        status: 422,
      });
    }
    await post('search_people', {
      name: 'with a search-only key',
      input: example('search_people'),
      key: searchOnlyKey,
      request: 'valid',
      status: 200,
    });

    // Intent.
    await post('intent', { name: 'example', input: example('intent'), request: 'valid', status: 200 });
    await post('intent', {
      name: 'a form',
      input: example('intent'),
      form: true,
      request: 'valid',
      status: 200,
    });
    await post('intent', {
      name: 'an unknown type',
      input: { types: ['rumour'] },
      request: 'invalid',
      status: 422,
    });
    await get(
      'list_intent_topics',
      {},
      { name: 'example', input: example('list_intent_topics'), request: 'valid', status: 200 },
    );
    await get(
      'list_intent_topics',
      {},
      { name: 'limit 0', input: { limit: 0 }, request: 'invalid', status: 422 },
    );

    // Usage.
    await get(
      'get_usage',
      {},
      { name: 'example', input: example('get_usage'), request: 'valid', status: 200 },
    );
    await get(
      'get_usage',
      {},
      { name: 'not a date', input: { from: 'yesterday' }, request: 'invalid', status: 422 },
    );

    // Privacy: an operator key with the privacy scope.
    const privacyKey = (
      await provisionKey(harness.database.db, harness.access.keys, {
        org: 'conformance-privacy',
        plan: 'enterprise',
        key: { kind: 'primary', scopes: [...primaryScopes, 'privacy'] },
      })
    ).key;
    for (const name of ['privacy_access', 'privacy_erase', 'privacy_suppress', 'set_privacy_retention']) {
      await post(name, {
        name: 'example',
        input: example(name),
        key: privacyKey,
        request: 'valid',
        status: 200,
      });
    }
    for (const name of ['privacy_access', 'privacy_erase', 'privacy_suppress']) {
      const input = { identifier: 'not anything' };
      await post(name, {
        name: 'not an identifier',
        input,
        key: privacyKey,
        request: 'invalid',
        status: 422,
      });
    }
    await post('set_privacy_retention', {
      name: 'zero days',
      input: { job_output_days: 0 },
      key: privacyKey,
      request: 'invalid',
      status: 422,
    });
    await post('set_privacy_retention', {
      name: 'read only (empty body)',
      input: {},
      key: privacyKey,
      request: 'valid',
      status: 200,
    });

    // Ingest.
    for (const [name, list] of [
      ['push_signals', 'signals'],
      ['push_job_postings', 'job_postings'],
      ['push_records', 'records'],
    ] as const) {
      await post(name, { name: 'example', input: example(name), request: 'valid', status: 200 });
      await post(name, {
        name: 'the list as text',
        input: { ...example(name), [list]: 'rows' },
        request: 'invalid',
        status: 422,
      });
    }
    await post('push_records', {
      name: 'an unknown kind',
      input: { ...example('push_records'), kind: 'animals' },
      request: 'invalid',
      status: 422,
    });

    // Verification: answered now, queued as a job (202), CSV bodies, and its downloads.
    await post('verify_emails', {
      name: 'example',
      input: example('verify_emails'),
      request: 'valid',
      status: 200,
    });
    await post('verify_emails', {
      name: 'a text/csv body',
      raw: { type: 'text/csv', body: 'email\njane@northwind.example\nbob@northwind.example\n' },
      request: 'valid',
      status: 200,
    });
    await post('verify_emails', {
      name: 'one address as a form',
      input: { email: 'jane@northwind.example' },
      form: true,
      request: 'valid',
      status: 200,
    });
    const verifyJob = await post('verify_emails', {
      name: 'as_job',
      input: { emails: ['jane@northwind.example'], as_job: true },
      headers: { 'Idempotency-Key': 'conformance-verify-1' },
      request: 'valid',
      status: 202,
    });
    await post('verify_emails', {
      name: 'emails as a number',
      input: { emails: 5 },
      request: 'invalid',
      status: 422,
    });
    await post('verify_emails', {
      name: 'an empty list',
      input: { emails: [] },
      request: 'invalid',
      status: 422,
    });

    // Audience: answered now, queued (202), and the upload file before (409) and after it is done.
    await post('build_audience', {
      name: 'example',
      input: example('build_audience'),
      request: 'valid',
      status: 200,
    });
    const audienceJob = await post('build_audience', {
      name: 'as_job',
      input: { ...example('build_audience'), as_job: true },
      request: 'valid',
      status: 202,
    });
    await post('build_audience', {
      name: 'an unknown network',
      input: { network: 'myspace', contacts: [{ email: 'a@b.example' }] },
      request: 'invalid',
      status: 422,
    });
    const audienceId = JSON.parse(audienceJob.text).job.id as string;
    const verifyId = JSON.parse(verifyJob.text).job.id as string;
    await get(
      'get_audience_job_csv',
      { job_id: audienceId },
      { name: 'before the job has run', request: 'valid', status: 409 },
    );
    // A verification file is written as results come in: before the run it is the header alone.
    await get(
      'get_verify_job_csv',
      { job_id: verifyId },
      { name: 'before the job has run', request: 'valid', status: 200 },
    );

    runner.start();
    const done = async (path: string) => {
      for (let i = 0; i < 300; i++) {
        const res = await fetch(`${proxy}${path}`, { headers: { authorization: `Bearer ${key}` } });
        if ((await res.json()).job?.status === 'succeeded') return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`job at ${path} did not finish`);
    };
    await done(at('get_audience_job', { job_id: audienceId }));
    await done(at('get_verify_job', { job_id: verifyId }));
    for (const [name, csv, id] of [
      ['get_audience_job', 'get_audience_job_csv', audienceId],
      ['get_verify_job', 'get_verify_job_csv', verifyId],
    ] as const) {
      await get(
        name,
        { job_id: id },
        { name: 'a finished job', input: { limit: 10 }, request: 'valid', status: 200 },
      );
      await get(
        name,
        { job_id: 'job_4Fq2' },
        { name: 'example (no such job)', request: 'valid', status: 404 },
      );
      await get(
        name,
        { job_id: id },
        { name: 'limit 0', input: { limit: 0 }, request: 'invalid', status: 422 },
      );
      const file = await get(csv, { job_id: id }, { name: 'the file', request: 'valid', status: 200 });
      expect(file.text.split('\n')[0]).toMatch(/,|email/);
      await get(
        csv,
        { job_id: 'j'.repeat(65) },
        { name: 'an over-long id', request: 'invalid', status: 422 },
      );
    }

    // Webhooks: a subscription's life, its delivery log, a replay of a parked delivery.
    const created = await post('create_webhook_subscription', {
      name: 'example',
      input: example('create_webhook_subscription'),
      request: 'valid',
      status: 201,
    });
    const subId = (JSON.parse(created.text) as { subscription: { id: string } }).subscription.id;
    await post('create_webhook_subscription', {
      name: 'an unknown event type',
      input: { url: 'https://crm.example/hook', event_types: ['rumour.spread'] },
      request: 'invalid',
      status: 422,
    });
    await get('list_webhook_subscriptions', {}, { name: 'all', request: 'valid', status: 200 });
    await get(
      'list_webhook_subscriptions',
      {},
      { name: 'an unknown parameter', input: { colour: 'red' }, request: 'any', status: 200 },
    );
    const sub = { subscription_id: subId };
    await get('get_webhook_subscription', sub, { name: 'the new one', request: 'valid', status: 200 });
    await get(
      'get_webhook_subscription',
      { subscription_id: 'nope' },
      { name: 'not an id', request: 'invalid', status: 422 },
    );
    const webhookPost = (
      name: string,
      params: Record<string, string>,
      c: Partial<Case> & Pick<Case, 'name' | 'request' | 'status'>,
    ) => check({ op: name, method: 'POST', path: at(name, params), ...c });
    await webhookPost('update_webhook_subscription', sub, {
      name: 'off',
      input: { enabled: false },
      request: 'valid',
      status: 200,
    });
    await webhookPost('update_webhook_subscription', sub, {
      name: 'on',
      input: { enabled: true },
      request: 'valid',
      status: 200,
    });
    await webhookPost('update_webhook_subscription', sub, {
      name: 'enabled as a word',
      input: { enabled: 'maybe' },
      request: 'invalid',
      status: 422,
    });
    await webhookPost('rotate_webhook_secret', sub, {
      name: 'an hour of grace',
      input: { grace_seconds: 3600 },
      request: 'valid',
      status: 200,
    });
    await webhookPost('rotate_webhook_secret', sub, {
      name: 'negative grace',
      input: { grace_seconds: -1 },
      request: 'invalid',
      status: 422,
    });
    const test = await webhookPost('send_webhook_test', sub, {
      name: 'a sample',
      request: 'valid',
      status: 202,
    });
    const deliveryId = (JSON.parse(test.text) as { delivery_id: string }).delivery_id;
    await webhookPost(
      'send_webhook_test',
      { subscription_id: 'x'.repeat(80) },
      { name: 'an over-long id', request: 'invalid', status: 422 },
    );
    // .example has no address: the one attempt fails and the delivery is parked for replay.
    await webhooks
      .createWebhookWorker({ database: harness.database, retryDelaysMs: [], timeoutMs: 3_000 })
      .runUntilIdle();
    await get('list_webhook_deliveries', sub, {
      name: 'the log',
      input: { status: 'failed' },
      request: 'valid',
      status: 200,
    });
    await get('list_webhook_deliveries', sub, {
      name: 'limit 0',
      input: { limit: 0 },
      request: 'invalid',
      status: 422,
    });
    const replay = { ...sub, delivery_id: deliveryId };
    await webhookPost('replay_webhook_delivery', replay, {
      name: 'the parked one',
      request: 'valid',
      status: 202,
    });
    await webhookPost('replay_webhook_delivery', replay, {
      name: 'while pending',
      request: 'any',
      status: 409,
    });
    await webhookPost(
      'replay_webhook_delivery',
      { ...sub, delivery_id: 'nope' },
      { name: 'not an id', request: 'invalid', status: 422 },
    );
    await check({
      op: 'delete_webhook_subscription',
      name: 'the one made here',
      method: 'DELETE',
      path: at('delete_webhook_subscription', sub),
      request: 'valid',
      status: 200,
    });
    await check({
      op: 'delete_webhook_subscription',
      name: 'not an id',
      method: 'DELETE',
      path: at('delete_webhook_subscription', { subscription_id: 'nope' }),
      request: 'invalid',
      status: 422,
    });

    // Refusals of the door, on every operation: no key, a key without the scope.
    for (const op of operations) {
      const params = Object.fromEntries(
        [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [
          m[1] as string,
          String((op.example.input as Record<string, unknown>)[m[1] as string]),
        ]),
      );
      const path = at(op.name, params);
      const input = op.method === 'GET' ? undefined : (op.example.input as Record<string, unknown>);
      await check({
        op: op.name,
        name: 'no key',
        method: op.method,
        path,
        input,
        key: null,
        request: 'invalid',
        status: 401,
      });
      const other = op.scope === 'usage' ? searchOnlyKey : usageOnlyKey;
      await check({
        op: op.name,
        name: 'a key without the scope',
        method: op.method,
        path,
        input,
        key: other,
        request: 'any',
        status: 403,
      });
    }

    // The Free plan's limit: the eleventh call in a minute is a documented 429.
    for (let i = 0; i < 10; i++)
      await get('get_usage', {}, { name: `free call ${i + 1}`, key: freeKey, request: 'valid', status: 200 });
    await get('get_usage', {}, { name: 'free call 11', key: freeKey, request: 'any', status: 429 });

    expect(failures).toEqual([]);
    for (const op of operations) {
      expect([...(seen.get(op.name) ?? [])].sort(), op.name).toEqual(
        expect.arrayContaining(['invalid', 'valid']),
      );
    }
  }, 300_000);
});
