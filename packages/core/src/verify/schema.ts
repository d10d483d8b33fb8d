import { z } from 'zod';
import { verifyReasons, verifyStatuses } from './types.js';

/** The largest list answered synchronously; longer lists go to a job. */
export const MAX_SYNC_EMAILS = 100;

const address = z.string().max(1_000);

/** `{ "emails": [...] }` or `{ "email": "..." }`; both normalize to a list. */
export const verifyRequestSchema = z
  .union([
    z.object({ emails: z.array(address).min(1).max(MAX_SYNC_EMAILS) }).strict(),
    z.object({ email: address }).strict(),
  ])
  .transform((body) => ({ emails: 'emails' in body ? body.emails : [body.email] }));
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

const mxHostSchema = z.object({ host: z.string(), preference: z.number().int() });

export const verifyResultSchema = z.object({
  input: z.string(),
  email: z.string().nullable(),
  status: z
    .enum(verifyStatuses)
    .describe(
      'deliverable: the server accepted the mailbox. undeliverable: it does not exist or cannot receive mail. ' +
        'risky: exists but doubtful (catch-all domain, full mailbox, disposable). unknown: no verdict on the ' +
        'mailbox; see reason.',
    ),
  reason: z
    .enum(verifyReasons)
    .describe(
      'Why, for an operator. mailbox_not_found: the server says no such mailbox. disabled: the mailbox exists ' +
        "but is disabled or abandoned (Gmail's over quota and inactive). mailbox_full: full but alive. blocked: the " +
        'server refused us by policy (blocklist, reputation, administrative prohibition): nothing is known about ' +
        'the mailbox. sender_rejected: the server refused our own MAIL FROM or HELO name (for example Postfix ' +
        '"Sender address rejected", Exim "Sender verify failed"): nothing is known about the mailbox and nothing ' +
        "is cached. sender_misconfigured: SMTP checks are off because the verifier's HELO name or MAIL FROM " +
        'domain is not fully qualified or does not resolve (set VERIFY_HELO_NAME and VERIFY_MAIL_FROM). ' +
        'smtputf8_unsupported: a non-ASCII local part and a server without SMTPUTF8. timeout: the server was too ' +
        'slow, or a synchronous request reached its time budget (the check goes on and a later request answers ' +
        'from the cache). greylisted and temporary_failure: try again after retry_after_s. The others name ' +
        'DNS and connection outcomes (no_domain, null_mx, no_mx, dns_error, private_mx, connection_failed), ' +
        'syntax (invalid_syntax), catch-all (accept_all), disposable, provider_unverifiable, rejected and smtp_error.',
    ),
  score: z.number().int().min(0).max(100),
  flags: z.object({
    role: z.boolean().nullable(),
    free: z.boolean().nullable(),
    disposable: z.boolean().nullable(),
    accept_all: z.boolean().nullable(),
  }),
  suggestion: z.string().nullable(),
  domain: z
    .object({
      name: z.string(),
      mx_source: z.enum(['mx', 'a', 'aaaa']).nullable(),
      mx: z.array(mxHostSchema),
      provider: z.string().nullable(),
      accept_all: z.object({
        value: z.boolean().nullable(),
        checked_at: z.string().nullable(),
        cached: z.boolean(),
      }),
    })
    .nullable(),
  smtp: z
    .object({
      host: z.string(),
      port: z.number().int(),
      tls: z.boolean(),
      stage: z.string(),
      code: z.number().int().nullable(),
      enhanced_code: z.string().nullable(),
      message: z.string().nullable(),
      attempts: z.number().int(),
    })
    .nullable(),
  retry_after_s: z
    .number()
    .int()
    .nullable()
    .describe(
      'Seconds before asking again can help: after greylisting, or while a server that deferred us (421) is left alone.',
    ),
  checked_at: z.string(),
  duration_ms: z.number().int().min(0),
  cached: z.boolean(),
});

export const verifyResponseSchema = z.object({
  results: z.array(verifyResultSchema),
  credits_used: z.literal(0),
});
