import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

/** Variables every process that serves or manages keys needs. Apps extend this with their own. */
export const runtimeEnv = z.object({
  DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  REDIS_URL: optionalText.refine((v) => !v || /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL'),
  DOSSIER_DATA_DIR: z.string().default('./.dossier'),
  DOSSIER_SECRET: optionalText.refine((v) => !v || v.length >= 32, 'must be at least 32 characters'),
  DOSSIER_KEK: optionalText.refine(
    (v) => !v || /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32,
    'must be 32 bytes as base64 or hex',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  USAGE_FLUSH_MS: z.coerce.number().int().min(100).default(5000),
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
