import { parseTrustedProxies, TrustedProxiesError } from '@dossier/access';
import { parseSmtpUrl } from '@dossier/accounts';
import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const fromAddress = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** `https://host[:port]` with nothing after it but an optional slash. */
function publicOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.pathname !== '/' || url.search || url.hash || url.username) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** Variables every process that serves or manages keys needs. Apps extend this with their own. */
export const runtimeEnv = z.object({
  DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  /** Read replicas (comma separated) for the operations that tolerate lag; writes stay on DATABASE_URL. */
  DATABASE_READ_URL: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (urls) => urls.every((u) => /^postgres(ql)?:\/\//.test(u)),
      'must be postgres:// URLs, comma separated',
    ),
  /** A replica further behind the primary than this many seconds serves no reads. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  REDIS_URL: optionalText.refine((v) => !v || /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL'),
  DOSSIER_DATA_DIR: z.string().default('./.dossier'),
  DOSSIER_SECRET: optionalText.refine((v) => !v || v.length >= 32, 'must be at least 32 characters'),
  DOSSIER_KEK: optionalText.refine(
    (v) => !v || /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
    'must be 32 bytes as base64 or hex',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  USAGE_FLUSH_MS: z.coerce.number().int().min(100).default(5000),
  /** Days the request log (time, key, operation, status, latency) keeps each request. */
  REQUEST_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Outgoing mail for invitations; unset, the console shows links to copy instead. */
  DOSSIER_SMTP_URL: optionalText.refine(
    (v) => !v || parseSmtpUrl(v) !== null,
    'must be smtp://user:pass@host:port or smtps://user:pass@host:port (user and password percent-encoded)',
  ),
  DOSSIER_MAIL_FROM: optionalText.refine(
    (v) => !v || fromAddress.test(v),
    'must be an address, e.g. dossier@example.com or Dossier <dossier@example.com>',
  ),
  DOSSIER_SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The console's public origin for links in emails (behind a proxy); unset, the request's origin. */
  DOSSIER_PUBLIC_URL: optionalText
    .refine((v) => !v || publicOrigin(v) !== null, 'must be an origin such as https://dossier.example.com')
    .transform((v) => (v ? (publicOrigin(v) as string) : undefined)),
  /** Reverse proxies whose X-Forwarded-For names the client: IPs/CIDRs, or a hop count; none by default. */
  DOSSIER_TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((v, ctx) => {
      try {
        return parseTrustedProxies(v);
      } catch (error) {
        if (!(error instanceof TrustedProxiesError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
});
export type RuntimeEnv = z.output<typeof runtimeEnv>;

/** Thrown for bad configuration; its message is one line naming the variable. */
export class ConfigError extends Error {}

export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') ?? 'environment';
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}

/** Prints the one clear line and exits 1: how every app reacts to bad configuration. */
export function loadEnvOrExit<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.output<S> {
  try {
    return parseEnv(schema, source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
