/** A mistake in the command line: printed with the usage text, exit code 2. */
export class UsageError extends Error {}
export const usageError = (message: string) => new UsageError(message);

/** `30d`, `12h`, `90m` to milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)\s*([dhm])$/.exec(text.trim());
  if (!match) throw usageError(`not a duration: ${text} (use e.g. 30d, 12h or 90m)`);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000 }[match[2] as 'd' | 'h' | 'm'];
  return Number(match[1]) * unit;
}
