import { describe, expect, it } from 'vitest';
import { PermissionError } from '../src/index.js';
import { client } from './helpers.js';

describe('intent', () => {
  it('topics() lists topic names, and intent() pages through signals', async () => {
    const dossier = client();
    const topics = await dossier.intent.topics({ limit: 5 });
    expect(topics.data.length).toBeGreaterThan(0);
    const topic = topics.data[0]?.topic as string;
    expect((await dossier.intent.topics({ prefix: topic.slice(0, 3) })).data.map((t) => t.topic)).toContain(
      topic,
    );

    const first = await dossier.intent({ limit: 5, min_score: 0 });
    expect(first.data.length).toBe(5);
    expect(first.cursor).not.toBeNull();
    const seen: string[] = [];
    for await (const signal of dossier.intent.iterate({ limit: 5, min_score: 0 }, { maxPages: 3 })) {
      seen.push(`${signal.type}:${signal.company.id}:${signal.topic ?? ''}:${signal.person?.id ?? ''}`);
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
  });
});

describe('ingest', () => {
  // The demo key is a primary key without the operator-only `ingest` scope: the server routes each
  // call to its operation and refuses it for the scope, before reading the input.
  it('signals, jobPostings and records reach their operations (403 without the ingest scope)', async () => {
    const dossier = client();
    const calls = [
      () => dossier.ingest.signals([{ domain: 'northwind.example', topic: 'crm software' }]),
      () => dossier.ingest.jobPostings([{ domain: 'northwind.example', title: 'Engineer' }]),
      () => dossier.ingest.records({ kind: 'people', source: 'test', records: [{ email: 'a@b.example' }] }),
    ];
    for (const call of calls) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PermissionError);
      expect((error as PermissionError).message).toContain('ingest');
    }
  });
});
