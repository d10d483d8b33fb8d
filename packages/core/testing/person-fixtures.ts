import { type Db, employment, newId, people, personEmails, personPhones, personProfiles } from '@dossier/db';
import { normalizeTitle } from '../src/normalize/title.js';

export interface PersonFixture {
  first: string;
  last: string;
  title?: string;
  companyId?: string | null;
  companyName?: string;
  city?: string;
  country?: string;
  emails?: Array<{ email: string; type?: 'work' | 'personal'; status?: string; numSources?: number }>;
  phones?: Array<{ e164: string; type: 'mobile' | 'direct' | 'office'; status?: string }>;
  linkedin?: string;
  pastJobs?: Array<{ companyName: string; title: string; startedAt: string; endedAt: string }>;
}

/** Test data only: one person with contact points and jobs, as an importer would store them. */
export async function insertPerson(db: Db, input: PersonFixture): Promise<string> {
  const id = newId('per');
  const title = input.title ? normalizeTitle(input.title) : null;
  await db.insert(people).values({
    id,
    fullName: `${input.first} ${input.last}`,
    firstName: input.first,
    lastName: input.last,
    title: input.title ?? null,
    seniority: title?.seniority ?? null,
    department: title?.department ?? null,
    companyId: input.companyId ?? null,
    city: input.city ?? null,
    country: input.country ?? null,
  });
  if (input.emails?.length)
    await db.insert(personEmails).values(
      input.emails.map((e) => ({
        personId: id,
        email: e.email,
        type: e.type ?? 'work',
        status: e.status ?? 'verified',
        verifiedAt: (e.status ?? 'verified') === 'verified' ? new Date('2026-01-01T00:00:00Z') : null,
        numSources: e.numSources ?? 1,
      })),
    );
  if (input.phones?.length)
    await db
      .insert(personPhones)
      .values(
        input.phones.map((p) => ({ personId: id, e164: p.e164, type: p.type, status: p.status ?? 'valid' })),
      );
  if (input.linkedin)
    await db.insert(personProfiles).values({
      personId: id,
      network: 'linkedin',
      handle: input.linkedin,
      url: `https://www.linkedin.com/in/${input.linkedin}`,
    });
  const jobs = [
    ...(input.companyId || input.companyName
      ? [
          {
            personId: id,
            companyId: input.companyId ?? null,
            companyName: input.companyName ?? null,
            title: input.title ?? null,
            seniority: title?.seniority ?? null,
            department: title?.department ?? null,
            startedAt: '2023-03-01',
            isCurrent: true,
          },
        ]
      : []),
    ...(input.pastJobs ?? []).map((j) => ({
      personId: id,
      companyName: j.companyName,
      title: j.title,
      startedAt: j.startedAt,
      endedAt: j.endedAt,
      isCurrent: false,
    })),
  ];
  if (jobs.length) await db.insert(employment).values(jobs);
  return id;
}
