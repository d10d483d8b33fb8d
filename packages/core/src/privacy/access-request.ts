import type { Db } from '@dossier/db';
import { auditPrivacy, type PrivacyActor } from './audit.js';
import { identifiersOf } from './erase.js';
import { mergedInto, peopleFor } from './find-people.js';
import { throwIfErased } from './gone.js';
import type { RequestTarget } from './identifiers.js';
import { jobNeedles, needleHashes } from './job-scrub.js';
import { requestRef } from './reference.js';
import { livePeople } from './store.js';
import { personHoldings, verificationsOf } from './store-access.js';
import { jobsWithItemsHolding } from './store-jobs.js';
import { suppressedAmong } from './suppression.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Everything held about the people a request names, as one JSON document: each value with the
 * sources that gave it and when it was first and last seen, the raw source records, where it was
 * used (cached verifications, jobs, search facets) and the job changes derived from it.
 */
export async function accessRequest(db: Db, target: RequestTarget, actor: PrivacyActor) {
  if (target.kind === 'person') await throwIfErased(db, target.id);
  const ref = requestRef(target);
  const found = await peopleFor(db, target);
  const ids = await livePeople(db, found);
  const documents = [];
  for (const id of ids) documents.push(await personDocument(db, id));
  const identifiers = await identifiersOf(db, ids);
  const suppressed = await suppressedAmong(
    db,
    target.kind === 'person' ? identifiers : [...identifiers, target.identifier],
  );
  await auditPrivacy(db, actor, 'privacy.access', ref, { people: ids.length });
  return {
    request_ref: ref,
    generated_at: new Date().toISOString(),
    people: documents,
    suppressed: [...suppressed].sort(),
  };
}

async function personDocument(db: Db, id: string) {
  const merged = await mergedInto(db, [id]);
  const all = [id, ...merged];
  const { person, attributes, emails, phones, profiles, jobs, changes, valueSources, records } =
    await personHoldings(db, id, all);
  const sourcesOf = (field: string, value: string) =>
    [
      ...new Set(valueSources.filter((v) => v.field === field && v.value === value).map((v) => v.source)),
    ].sort();
  const seen = (v: { firstSeen: Date; lastSeen: Date; numSources: number }) => ({
    first_seen: iso(v.firstSeen),
    last_seen: iso(v.lastSeen),
    num_sources: v.numSources,
  });
  const addresses = emails.map((e) => e.email);
  const verifications = await verificationsOf(db, addresses);
  const identifiers = await identifiersOf(db, [id]);
  const needles = jobNeedles(all, identifiers);
  const jobRows = needles.length ? await jobsWithItemsHolding(db, needles, needleHashes(needles)) : [];
  const p = person as NonNullable<typeof person>;
  return {
    id,
    merged_ids: merged,
    name: { full: p.fullName, first: p.firstName, last: p.lastName },
    job: { title: p.title, seniority: p.seniority, department: p.department, company_id: p.companyId },
    location: { city: p.city, region: p.region, country: p.country },
    attributes: attributes[0] ?? null,
    emails: emails.map((e) => ({
      value: e.email,
      type: e.type,
      status: e.status,
      verified_at: iso(e.verifiedAt),
      sources: sourcesOf('email', e.email),
      ...seen(e),
    })),
    phones: phones.map((ph) => ({
      value: ph.e164,
      type: ph.type,
      sources: sourcesOf('phone', ph.e164),
      ...seen(ph),
    })),
    profiles: profiles.map((pr) => ({
      network: pr.network,
      value: pr.url,
      sources: sourcesOf('profile', pr.url).concat(sourcesOf('profile', pr.handle)),
      ...seen(pr),
    })),
    employment: jobs.map((j) => ({
      company_id: j.companyId,
      company_name: j.companyName,
      title: j.title,
      started_at: j.startedAt,
      ended_at: j.endedAt,
      is_current: j.isCurrent,
      ...seen(j),
    })),
    source_records: records.map((r) => ({
      id: r.id,
      source: r.source,
      kind: r.kind,
      import_id: r.importId,
      row_number: r.rowNumber,
      received_at: iso(r.createdAt),
      payload: r.payload,
    })),
    used_in: {
      verification_results: verifications.map((v) => ({
        email: v.email,
        status: v.status,
        checked_at: iso(v.checkedAt),
        expires_at: iso(v.expiresAt),
      })),
      jobs: jobRows.map((j) => ({
        job_id: j.id,
        kind: j.kind,
        org_id: j.org_id,
        status: j.status,
        created_at: new Date(j.created_at).toISOString(),
        items: j.items,
      })),
      search_facets: p.searchFacets,
    },
    signals: {
      job_changes: changes.map((c) => ({
        from_company_id: c.fromCompanyId,
        to_company_id: c.toCompanyId,
        from_title: c.fromTitle,
        to_title: c.toTitle,
        is_promotion: c.isPromotion,
        confidence: c.confidence,
        detected_at: iso(c.detectedAt),
      })),
    },
  };
}
