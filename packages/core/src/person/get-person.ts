import { type Db, personAttributes } from '@dossier/db';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { canSeePii } from '../context.js';
import { DossierError } from '../errors.js';
import { defineOperation } from '../operation.js';
import { throwIfErased } from '../privacy/gone.js';
import { maskPerson } from './mask-person.js';
import { resolveEntityId } from './redirects.js';
import { type PersonRecord, personResponse } from './schema.js';
import { loadPeople, loadPerson } from './store.js';

/** The record behind an id, following merges to the survivor; null when unknown. */
export async function findPerson(db: Db, id: string): Promise<PersonRecord | null> {
  const resolved = await resolveEntityId(db, id);
  const person = (await loadPeople(db, [resolved.id])).get(resolved.id);
  return person ? { ...person, merged_from: resolved.mergedFrom } : null;
}

/** Identity numbers are kept for matching and shown only by their last four characters. */
const lastFour = (value: string | null) =>
  value ? `${'*'.repeat(Math.max(3, value.length - 4))}${value.slice(-4)}` : null;

/** A `person_attributes` row as PostgreSQL writes it in JSON. */
interface AttributesRow {
  middle_name: string | null;
  native_name: string | null;
  dob: string | null;
  gender: string | null;
  address: string | null;
  postcode: string | null;
  ssn: string | null;
  passport: string | null;
  drivers_license: string | null;
  national_id: string | null;
}

/** The personal attributes of a person, for `pii` keys only; null when none are stored. */
export function personalOf(row: AttributesRow | null): PersonRecord['personal'] {
  if (!row) return null;
  return {
    middle_name: row.middle_name,
    native_name: row.native_name,
    date_of_birth: row.dob,
    gender: row.gender === 'female' || row.gender === 'male' || row.gender === 'other' ? row.gender : null,
    address: row.address,
    postcode: row.postcode,
    identity_numbers: {
      ssn: lastFour(row.ssn),
      passport: lastFour(row.passport),
      drivers_license: lastFour(row.drivers_license),
      national_id: lastFour(row.national_id),
    },
  };
}

/** The attributes of a person reached through a merge (the rare path): one more statement. */
async function attributesOf(db: Db, id: string): Promise<AttributesRow | null> {
  const [row] = await db.select().from(personAttributes).where(eq(personAttributes.personId, id));
  if (!row) return null;
  return {
    middle_name: row.middleName,
    native_name: row.nativeName,
    dob: row.dob,
    gender: row.gender,
    address: row.address,
    postcode: row.postcode,
    ssn: row.ssn,
    passport: row.passport,
    drivers_license: row.driversLicense,
    national_id: row.nationalId,
  };
}

export const getPersonOperation = defineOperation({
  name: 'get_person',
  title: 'Person record',
  method: 'GET',
  path: '/v1/person/{id}',
  summary: 'Verified contact record with direct dials and socials',
  description:
    'One person by id (`per_...`): role, company, emails and phones with status, profiles, location and ' +
    'employment history. A merged id returns the survivor. Contacts masked without the `pii` scope.',
  details:
    'Ids come from enrich and search. Values carry their sources; `merged_from` lists the ids merged into this ' +
    'one. Without the `pii` scope `personal` is left out too.',
  scope: 'person',
  input: z.object({
    id: z
      .string()
      .trim()
      .regex(/^per_[A-Za-z0-9_-]{1,64}$/, 'must be a person id such as per_abc123')
      .describe('Person id, `per_...`.'),
  }),
  output: personResponse,
  example: { input: { id: 'per_MUpB1GhQSvfvjrN6qH2F' } },
  readOnly: true,
  replicaReads: true,
  idempotent: true,
  openWorld: false,
  summarize: (o) =>
    `${o.full_name}${o.title ? `, ${o.title}` : ''}${o.company ? ` at ${o.company.name}` : ''}` +
    `${o.merged_from ? ` (merged from ${o.merged_from})` : ''}.`,
  async handler(ctx, input) {
    const pii = canSeePii(ctx.caller);
    // One prepared statement answers an id that was not merged away; a merged id follows its redirects.
    const direct = await loadPerson(ctx.db.db, input.id, pii);
    let person: PersonRecord | null;
    let attributes: AttributesRow | null = null;
    if (direct && 'person' in direct) {
      person = direct.person;
      attributes = direct.personal as AttributesRow | null;
    } else {
      // No live row under this id: erased ids answer gone, merged ones follow their redirects.
      await throwIfErased(ctx.db.db, input.id);
      person = direct ? await findPerson(ctx.db.db, input.id) : null;
      if (person && pii) attributes = await attributesOf(ctx.db.db, person.id);
    }
    if (!person) throw new DossierError('not_found', `No person is known with id ${input.id}`);
    if (!pii) return { ...maskPerson(person), credits_used: 0 as const };
    return { ...person, personal: personalOf(attributes), credits_used: 0 as const };
  },
});
