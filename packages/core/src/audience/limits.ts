/** The largest list answered in the same call; more contacts (or matched people) become a job. */
export const MAX_SYNC_CONTACTS = 10_000;

/** The largest list one job takes: contacts, person_ids and matched people together. */
export const MAX_JOB_CONTACTS = 1_000_000;

/** Contacts (or person ids) per job item: one item is one stored, resumable unit of work. */
export const JOB_CHUNK = 1_000;
