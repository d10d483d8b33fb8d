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
  status: z.enum(verifyStatuses),
  reason: z.enum(verifyReasons),
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
  retry_after_s: z.number().int().nullable(),
  checked_at: z.string(),
  duration_ms: z.number().int().min(0),
  cached: z.boolean(),
});

export const verifyResponseSchema = z.object({
  results: z.array(verifyResultSchema),
  credits_used: z.literal(0),
});
