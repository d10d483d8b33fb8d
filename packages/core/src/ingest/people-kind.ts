import { personKeysOf } from '../resolve/persist/link.js';
import { checkPerson, type PersonValue } from '../resolve/persist/person-value.js';
import { lockPeopleResolution, preparedOf, storePeople } from '../resolve/persist/store-people.js';
import type { ImportKind } from './kind.js';

/** People, resolved against the graph as they arrive: each record joins its person or starts one. */
export const peopleKind: ImportKind<PersonValue> = {
  name: 'people',
  aliases: {
    first_name: ['first', 'firstname', 'given_name', 'forename', 'first name'],
    last_name: ['last', 'lastname', 'surname', 'family_name'],
    full_name: ['name', 'fullname', 'contact_name', 'person', 'contact'],
    email: ['email_address', 'e_mail', 'work_email', 'mail', 'personal_email'],
    phone: ['phone_number', 'telephone', 'mobile', 'mobile_phone', 'direct_phone', 'tel'],
    linkedin_url: ['linkedin', 'linkedin_profile', 'linkedin_profile_url', 'profile_url'],
    company_name: ['company', 'organization', 'organisation', 'account', 'account_name', 'employer'],
    company_domain: ['domain', 'website', 'company_website', 'company_url', 'url'],
    title: ['job_title', 'position', 'role', 'jobtitle'],
    city: ['town', 'location_city'],
    region: ['state', 'province', 'county'],
    country: ['country_code', 'nation'],
  },
  check(fields) {
    const checked = checkPerson(fields);
    // Prepared here, off the critical path: the import checks a batch while the previous one is stored.
    if (checked.ok) personKeysOf(preparedOf(checked.value));
    return checked;
  },
  serialize: lockPeopleResolution,
  async store(db, records, context) {
    const linked = await storePeople(
      db,
      records.map((r) => r.value),
      context,
    );
    return linked.map((l) => ({ outcome: l.outcome, entityId: l.entityId }));
  },
};
