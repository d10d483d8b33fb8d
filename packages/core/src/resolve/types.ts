/** One input record about a person, as it arrives from a source. Every field but the id is optional. */
export interface PersonRecord {
  recordId: string;
  source?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Used when first/last are missing. */
  fullName?: string | null;
  email?: string | null;
  /** More addresses of the same person (Secondary Email, E-mail 2): matched like the email. */
  otherEmails?: readonly string[] | null;
  phone?: string | null;
  linkedinUrl?: string | null;
  companyName?: string | null;
  companyDomain?: string | null;
  title?: string | null;
  /** Middle name(s) or initials. */
  middleName?: string | null;
  /** The name in its own script (e.g. 李小龙 beside "Bruce Lee"). */
  nativeName?: string | null;
  /** Date of birth in any common format; partial dates and a year alone are fine. */
  dob?: string | null;
  gender?: string | null;
  /** Street line ("12 Main St"). */
  address?: string | null;
  city?: string | null;
  state?: string | null;
  postcode?: string | null;
  country?: string | null;
  ssn?: string | null;
  passport?: string | null;
  driversLicense?: string | null;
  nationalId?: string | null;
}

/** A record after normalization: only what blocking and comparison need. */
export interface PreparedPerson {
  index: number;
  recordId: string;
  first: string;
  last: string;
  /** `charMask` of `first` and `last`: most name pairs are told apart by these alone. */
  firstMask: number;
  lastMask: number;
  /** Formal names the first name may stand for (bob -> robert). */
  formal: readonly string[];
  emailKey: string | null;
  /** Match keys of the record's other personal addresses (role mailboxes left out). */
  otherEmailKeys: readonly string[];
  emailDomain: string | null;
  /** Local part of the email without a +tag ('' for none or a role mailbox). */
  emailLocal: string;
  /** True when the address is a consumer mailbox. */
  emailFree: boolean;
  /** True for shared role mailboxes (info@, sales@ ...), which identify no one person. */
  emailRole: boolean;
  /** Last 8 digits of the phone: region-free, survives national vs international formats. */
  phoneKey: string | null;
  linkedinSlug: string | null;
  /** Company domains known for the record (explicit column and work email), deduplicated. */
  domains: string[];
  /** Domains without their public suffix, hyphens removed ("tundra-systems.io" -> "tundrasystems"). */
  domainLabels: string[];
  /** The only employer evidence is the work email's domain (no company name or domain given). */
  employerFromEmail: boolean;
  /** Space-free company name key. */
  companyKey: string;
  /** `charMask` of `companyKey` and of `city`, for the Jaro-Winkler bound (jaroWinklerMasked). */
  companyMask: number;
  cityMask: number;
  /** First token of the company name, for "pixelhq.com" ~ "Pixel Software". */
  companyHead: string;
  titleKey: string;
  /** Title words longer than two letters. */
  titleTokens: string[];
  seniority: string | null;
  department: string | null;
  city: string;
  country: string;
  /** Middle name key (folded, no spaces). */
  middle: string;
  /** Every name token (first, middle, last, full), for matching names split differently. */
  nameTokens: string[];
  nativeName: string;
  /** Date of birth parts, 0 when unknown. */
  dobY: number;
  dobM: number;
  dobD: number;
  /** `yyyymmdd` for a full date, '' otherwise. */
  dobKey: string;
  gender: string;
  addressNumber: string;
  addressTokens: string[];
  /** The street words run together, for spacing typos ("pridhamstreet"). */
  addressFlat: string;
  state: string;
  postcode: string;
  ssn: string;
  passport: string;
  driversLicense: string;
  nationalId: string;
}
