export const verifyStatuses = ['deliverable', 'undeliverable', 'risky', 'unknown'] as const;
export type VerifyStatus = (typeof verifyStatuses)[number];

export const verifyReasons = [
  'accepted',
  'mailbox_not_found',
  'accept_all',
  'blocked',
  'greylisted',
  'null_mx',
  'no_mx',
  'no_domain',
  'disposable',
  'mailbox_full',
  'disabled',
  'provider_unverifiable',
  'timeout',
  'invalid_syntax',
  'dns_error',
  'private_mx',
  'connection_failed',
  'temporary_failure',
  'rejected',
  'smtp_error',
  'sender_rejected',
  'sender_misconfigured',
  'smtputf8_unsupported',
  /** On the privacy suppression list: never checked. */
  'suppressed',
] as const;
export type VerifyReason = (typeof verifyReasons)[number];

/** Where the mail hosts came from: MX records, or the RFC 5321 fallback to the domain's own address. */
export type MxSource = 'mx' | 'a' | 'aaaa';

export interface MxHost {
  host: string;
  preference: number;
}

/** Per-domain DNS facts; what the domain cache stores. Temporary failures are never stored. */
export type DomainDns =
  | { kind: 'ok'; source: MxSource; mx: MxHost[] }
  | { kind: 'no_domain' }
  | { kind: 'null_mx' }
  | { kind: 'no_mx' };

export interface CatchAllFact {
  acceptAll: boolean;
  checkedAt: string;
}

export interface SmtpEvidence {
  host: string;
  port: number;
  tls: boolean;
  /** The command the decisive reply answered: connect, ehlo, starttls, mail, rcpt. */
  stage: string;
  code: number | null;
  enhanced_code: string | null;
  message: string | null;
  /** Connections opened for this address's batch (reconnects and MX walks count). */
  attempts: number;
}

export interface VerifyFlags {
  role: boolean | null;
  free: boolean | null;
  disposable: boolean | null;
  accept_all: boolean | null;
}

export interface DomainBlock {
  name: string;
  mx_source: MxSource | null;
  mx: MxHost[];
  provider: string | null;
  accept_all: { value: boolean | null; checked_at: string | null; cached: boolean };
}

export interface VerifyResult {
  input: string;
  email: string | null;
  status: VerifyStatus;
  reason: VerifyReason;
  score: number;
  flags: VerifyFlags;
  suggestion: string | null;
  domain: DomainBlock | null;
  smtp: SmtpEvidence | null;
  /** Set for `greylisted`: when a retry from the same address can succeed. */
  retry_after_s: number | null;
  checked_at: string;
  duration_ms: number;
  cached: boolean;
}
