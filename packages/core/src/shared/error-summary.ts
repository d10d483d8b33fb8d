/**
 * What of an unexpected error may go into a log line: its class, SQLSTATE or system code, a message
 * with quoted values and query parameters cut out, and the stack frames without the message.
 * Database errors carry the statement's parameters and the offending value ("Failed query: ...
 * params: jane@example.com", `invalid input syntax for type date: "..."`): names and emails
 * would land in the logs.
 */
export function errorSummary(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: typeof error };
  const cause = (error as { cause?: unknown }).cause;
  const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim());
  return {
    error: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: redactMessage(error.message),
    ...(cause instanceof Error ? { cause: `${cause.name}: ${redactMessage(cause.message)}` } : {}),
    frames,
  };
}

const redactMessage = (message: string): string =>
  message
    .split(/\bparams:/)[0]
    ?.replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .slice(0, 300)
    .trim() ?? '';
