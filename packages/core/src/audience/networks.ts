/** The ad networks and identity providers the audience module formats lists for. */
export const audienceNetworks = [
  'google',
  'meta',
  'linkedin',
  'tiktok',
  'x',
  'snapchat',
  'pinterest',
  'microsoft',
  'uid2',
  'liveramp',
] as const;
export type AudienceNetwork = (typeof audienceNetworks)[number];

/** The contact fields a caller can send; each network accepts a subset. */
export const audienceFields = [
  'email',
  'phone',
  'first_name',
  'last_name',
  'country',
  'zip',
  'city',
  'state',
  'dob',
  'gender',
  'external_id',
  'maid',
  /** X (Twitter) handle, with or without `@`, or a profile URL. */
  'handle',
  /** X (Twitter) numeric user id. */
  'twitter_id',
] as const;
export type AudienceField = (typeof audienceFields)[number];
