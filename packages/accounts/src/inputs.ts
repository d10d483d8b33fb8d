import { graceOptions } from '@dossier/access';
import { roles } from '@dossier/db';
import { z } from 'zod';

const email = z.string().trim().toLowerCase().max(254).email().describe('Email address');
/** NIST 800-63B: at least 12 characters here, no composition rules, a generous maximum. */
const password = z.string().min(12, 'use at least 12 characters').max(256).describe('Password');
const name = (what: string) => z.string().trim().min(1, `enter a ${what}`).max(100).describe(what);

export const signUpInput = z.object({
  email,
  password,
  name: z.string().trim().max(100).optional().describe('Your name'),
  organization: name('organization name').optional(),
  invitation: z.string().max(200).optional().describe('Invitation token from a link'),
});

export const signInInput = z.object({
  email,
  password: z.string().min(1, 'enter your password').max(256),
});
export const reauthInput = z.object({ password: z.string().min(1, 'enter your password').max(256) });
export const projectInput = z.object({ name: name('project name') });
export const renameInput = z.object({ name: name('key name') });
/** Every key is named when it is made (where it runs), so lists, usage and audit read plainly. */
const keyName = z
  .string({ error: 'name the key (where it is used, e.g. "Production server")' })
  .trim()
  .min(1, 'name the key (where it is used, e.g. "Production server")')
  .max(100);
export const primaryKeyInput = z.object({
  project_id: z.string().min(1).max(64),
  name: keyName,
});
export const scopedKeyInput = z.object({
  project_id: z.string().min(1).max(64),
  name: keyName,
  scopes: z.array(z.string()).min(1, 'pick at least one scope'),
  origins: z.array(z.string().trim()).max(20).default([]),
  expires_at: z.iso.datetime({ offset: true }).describe('Expiry (required for scoped keys)'),
  rate_limit: z.number().int().min(1).max(100_000).nullable().optional(),
});
export const rollInput = z.object({
  grace: z.enum(Object.keys(graceOptions) as [keyof typeof graceOptions]),
});
export const inviteInput = z.object({ email, role: z.enum(roles) });
export const roleInput = z.object({ role: z.enum(roles) });
export const acceptInput = z.object({ token: z.string().min(1).max(200) });
export const auditQuery = z.object({
  action: z.string().max(64).optional(),
  actor: z.string().max(64).optional(),
  target: z.string().max(64).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'not a calendar day');
export const usageQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  key_id: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
  operation: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((v) => v || undefined),
});
export const requestLogQuery = usageQuery.extend({
  status: z.coerce.number().int().min(100).max(599).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const passwordChangeInput = z.object({
  current_password: z.string().min(1, 'enter your current password').max(256),
  new_password: password,
});
export const resetRequestInput = z.object({ email });
export const resetCompleteInput = z.object({ token: z.string().min(1).max(200), password });
