import type { VerifyFlags, VerifyReason, VerifyStatus } from './types.js';

/** 0-100 confidence that mail to the address reaches a person. */
export const scoreFor = (status: VerifyStatus, reason: VerifyReason, flags: VerifyFlags): number => {
  let score: number;
  switch (status) {
    case 'deliverable':
      score = flags.accept_all === false ? 97 : 88;
      break;
    case 'risky':
      score = reason === 'accept_all' ? 55 : reason === 'mailbox_full' ? 35 : 20;
      break;
    case 'unknown':
      score = reason === 'greylisted' || reason === 'provider_unverifiable' ? 45 : 30;
      break;
    default:
      score = reason === 'disabled' ? 5 : 0;
  }
  if (status !== 'undeliverable') {
    if (flags.role) score -= 10;
    if (flags.disposable && reason !== 'disposable') score -= 15;
  }
  return Math.max(0, Math.min(100, score));
};

export const emailStatuses = ['verified', 'valid', 'accept_all', 'unknown', 'invalid'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * The contact `email_status` used by enrich: `verified` when the mailbox was confirmed on a domain
 * proven not to accept everything, `valid` when accepted without that proof (or full but existing),
 * `accept_all` on catch-all domains, `invalid` when undeliverable, else `unknown`.
 */
export const toEmailStatus = (result: {
  status: VerifyStatus;
  reason: VerifyReason;
  flags: VerifyFlags;
}): EmailStatus => {
  // A disabled mailbox is never shown as valid, whatever status an older result carries.
  if (result.reason === 'disabled') return 'invalid';
  switch (result.status) {
    case 'deliverable':
      return result.flags.accept_all === false ? 'verified' : 'valid';
    case 'risky':
      if (result.reason === 'accept_all') return 'accept_all';
      return result.reason === 'mailbox_full' ? 'valid' : 'unknown';
    case 'undeliverable':
      return 'invalid';
    default:
      return 'unknown';
  }
};
