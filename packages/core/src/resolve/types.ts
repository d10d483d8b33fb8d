/** One input record about a person, as it arrives from a source. Every field but the id is optional. */
export interface PersonRecord {
  recordId: string;
  source?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Used when first/last are missing. */
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  linkedinUrl?: string | null;
  companyName?: string | null;
  companyDomain?: string | null;
  title?: string | null;
  city?: string | null;
  country?: string | null;
  middleName?: string | null;
  /** The name in its own script beside a Latin one (山田太郎 beside Taro Yamada). */
  nativeName?: string | null;
  /** Date of birth, ISO `YYYY-MM-DD` or partial (`YYYY-MM`, `YYYY`). */
  dob?: string | null;
  gender?: string | null;
  /** Street line of the postal address. */
  address?: string | null;
  /** State, province or region. */
  state?: string | null;
  postcode?: string | null;
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
  /** Formal names the first name may stand for (bob -> robert). */
  formal: readonly string[];
  emailKey: string | null;
  emailDomain: string | null;
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
  /** Space-free company name key. */
  companyKey: string;
  /** First token of the company name, for "pixelhq.com" ~ "Pixel Software". */
  companyHead: string;
  titleKey: string;
  /** Title words longer than two letters. */
  titleTokens: string[];
  seniority: string | null;
  department: string | null;
  city: string;
  country: string;
}
