import { z } from 'zod';
import type { Context } from '../context.js';
import { DossierError } from '../errors.js';
import { defineOperation } from '../operation.js';
import { type ScanResult, scanDomain } from '../technographics/scan-domain.js';
import { domainParam } from './domain-param.js';
import { liveScanConfig } from './live-scans.js';
import { mergeTechnologies, profileFromScan, scanFoundSomething } from './merge-live.js';
import { companyResponse } from './profile.js';
import { createScanCache } from './scan-cache.js';
import { findCompanyByDomain } from './store.js';

/** Query strings arrive as text: `live=false` must mean false. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** A live scan when the deployment allows it; a failed scan is logged and counts as none. */
async function liveScan(ctx: Context, domain: string, refresh: boolean): Promise<ScanResult | null> {
  const config = liveScanConfig(ctx.db);
  if (!config) return null;
  try {
    return await scanDomain(domain, {
      ...config.deps,
      cache: createScanCache(ctx.db.db, ctx.now),
      ttlMs: config.ttlMs,
      force: refresh,
      now: ctx.now,
    });
  } catch (error) {
    ctx.log.warn({ domain, err: (error as Error).message }, 'live technographics scan failed');
    return null;
  }
}

export const getCompanyOperation = defineOperation({
  name: 'get_company',
  title: 'Company profile',
  method: 'GET',
  path: '/v1/company/{domain}',
  summary: 'Full firmographic and technographic profile for a domain',
  description:
    'The company behind a domain, URL, alias domain or work email: profile, locations, socials, tags and ' +
    'technologies, with a live DNS and homepage scan (cached a day) merged in where allowed.',
  details: 'Each technology says whether it was stored, seen live, or both.',
  scope: 'company',
  input: z.object({
    domain: domainParam.describe('Company domain, URL or work email, e.g. `northwind.example`.'),
    live: flag.optional().describe('false: stored data only, no live scan.'),
    refresh: flag.optional().describe('true: scan again now, not from the cache.'),
  }),
  output: companyResponse,
  example: { input: { domain: 'northwind.example' } },
  readOnly: true,
  // A live scan stores what it found: only the stored answer may come from a replica.
  replicaReads: (ctx, input) => input.live === false || !liveScanConfig(ctx.db),
  idempotent: true,
  openWorld: true,
  async handler(ctx, input) {
    const [stored, scan] = await Promise.all([
      findCompanyByDomain(ctx.db.db, input.domain),
      input.live === false ? null : liveScan(ctx, input.domain, input.refresh === true),
    ]);
    if (stored) {
      const technologies = scan ? mergeTechnologies(stored.technologies, scan) : stored.technologies;
      return { ...stored, technologies, credits_used: 0 as const };
    }
    if (scan && scanFoundSomething(scan)) return { ...profileFromScan(scan), credits_used: 0 as const };
    throw new DossierError('not_found', `No company is known for ${input.domain}`);
  },
});
