import { writeFileSync } from 'node:fs';
import { createDatabase } from '@dossier/db';
import { generatePeople } from '../src/resolve/synthetic.ts';
import { runImport } from '../src/ingest/run-import.ts';
import { peopleKind } from '../src/ingest/people-kind.ts';
const n = Number(process.env.N ?? 20000);
const { records } = generatePeople({ records: n, seed: 11 } as any);
const cols = ['first_name','last_name','email','phone','linkedin_url','company_name','company_domain','title','city','country'];
const q = (v: any) => { const s = v == null ? '' : String(v); return /[",\n\r]/.test(s) ? `"${s.replace(/"/g,'""')}"` : s; };
const lines = [cols.join(',')];
for (const r of records as any[]) lines.push([r.firstName, r.lastName, r.email, r.phone, r.linkedinUrl, r.companyName, r.companyDomain, r.title, r.city, r.country].map(q).join(','));
writeFileSync('/tmp/prof.csv', lines.join('\n'));
const url = process.env.PROF_DB;
const database = await createDatabase(url ? { url, maxConnections: 2 } : {});
await database.migrate();
let last = { t: performance.now(), rows: 0 };
const t0 = performance.now();
await runImport({ database, path: '/tmp/prof.csv', source: 'prof', kind: peopleKind, rejectsPath: '/dev/null', onProgress: (p) => {
  if (p.rows - last.rows >= 2000) { const now = performance.now(); console.log(p.rows, Math.round((p.rows - last.rows) / ((now - last.t) / 1000)), 'rows/s'); last = { t: now, rows: p.rows }; }
}});
console.log('total', Math.round(n / ((performance.now() - t0) / 1000)), 'rows/s');
await database.close();
