import type { Operation } from '@dossier/core';
import type { Context } from 'hono';
import { HttpError } from './errors.js';
import { coerceFormValues } from './form-values.js';

/**
 * Merges path parameters, query (GET) or body (JSON, form, or text the operation accepts) and the
 * headers it declares into the operation's one input object. Query and form values are text: they
 * are read as the types the operation's input takes (`coerceFormValues`), the same for every one.
 */
export async function readInput(c: Context, op: Operation): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  if (op.method === 'GET' || op.method === 'DELETE') {
    const query: Record<string, unknown> = {};
    for (const [name, values] of Object.entries(c.req.queries())) {
      query[name] = values.length === 1 ? values[0] : values;
    }
    Object.assign(input, coerceFormValues(op, query));
  } else {
    const body = await readBody(c, op.textBodies);
    Object.assign(input, body.form ? coerceFormValues(op, body.values) : body.values);
  }
  for (const [header, field] of Object.entries(op.headers ?? {})) {
    const value = c.req.header(header);
    if (value !== undefined) input[field] = value;
  }
  // The route was registered from the operation's path, so its parameters are the operation's.
  Object.assign(input, c.req.param());
  return input;
}

async function readBody(
  c: Context,
  textBodies: Record<string, string> = {},
): Promise<{ form: boolean; values: Record<string, unknown> }> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    const form = await parseForm(c, type);
    return {
      form: true,
      values: Object.fromEntries(
        Object.entries(form).filter(([, v]) => typeof v === 'string' || Array.isArray(v)),
      ),
    };
  }
  const text = await c.req.text();
  const textField = textBodies[type];
  if (textField) return { form: false, values: { [textField]: text } };
  if (text.trim() === '') return { form: false, values: {} };
  if (type !== '' && type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(415, 'invalid_request', 'Send the body as JSON (application/json) or form-encoded.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_request', 'The request body is not valid JSON.');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new HttpError(400, 'invalid_request', 'The request body must be a JSON object.');
  }
  return { form: false, values: parsed as Record<string, unknown> };
}

/**
 * A form body, or 400 when it cannot be parsed (a multipart body without its boundary, cut off or
 * not multipart at all): the parser's TypeError is the caller's mistake, not a fault of ours.
 */
async function parseForm(c: Context, type: string) {
  if (type === 'application/x-www-form-urlencoded') return parseUrlEncoded(await c.req.text());
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    const what = type === 'multipart/form-data' ? 'multipart/form-data' : 'form-encoded';
    throw new HttpError(400, 'invalid_request', `The request body is not valid ${what} data.`);
  }
}

/**
 * A form-encoded body as `parseBody({ all: true })` reads it (a repeated key or one ending in `[]` is
 * a list), without building a FormData: that costs about three times as much, on every form request.
 */
export function parseUrlEncoded(text: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = form[key];
    if (seen === undefined) form[key] = key.endsWith('[]') ? [value] : value;
    else if (Array.isArray(seen)) seen.push(value);
    else form[key] = [seen, value];
  }
  return form;
}
