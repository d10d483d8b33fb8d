import type { z } from 'zod';
import type { Context } from './context.js';
import type { Scope } from './scopes.js';

/**
 * A public operation, defined once and served by both doors.
 * REST: `method` + `path`; path parameters (`{domain}`) and, for GET, query parameters are
 * merged with the body into one object that `input` validates. MCP: a tool named `name`.
 */
export interface Operation<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  /** snake_case; also the MCP tool name. */
  name: string;
  /** Human title for tool lists and docs. */
  title: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** OpenAPI-style path, e.g. `/v1/company/{domain}`. */
  path: string;
  summary: string;
  /**
   * Written for a model reading it: what it does and when to use it, in as few words as that takes
   * (it is the MCP tool's description, read into an agent's context on every connection; the MCP
   * server appends the example). No example here: `example` is the one both doors show.
   */
  description: string;
  /** More for the REST reference only (the OpenAPI description, after `description`). */
  details?: string;
  scope: Scope;
  input: I;
  output: O;
  /** Example input (and optionally output) for the OpenAPI document and tool docs. */
  example: { input: z.input<I>; output?: z.input<O> };
  /** No side effects visible to the caller. */
  readOnly: boolean;
  /**
   * May read from a replica (when the deployment has one within its lag bound): reads whose answer
   * a few seconds stale is still right. A function decides per call (e.g. not when a live check
   * would write). Absent: the primary.
   */
  replicaReads?: boolean | ((ctx: Context, input: z.output<I>) => boolean);
  /** Calling twice with the same input has the same effect as once. */
  idempotent: boolean;
  /** Touches the internet (DNS, SMTP, HTTP) beyond our own database. */
  openWorld: boolean;
  /** REST status for success; default 200. */
  successStatus?: 200 | 201 | 202;
  /** REST status chosen from the output when it varies (200 answered now, 202 queued as a job). */
  statusFor?: (output: z.output<O>) => 200 | 201 | 202;
  /** REST: request headers copied into input fields, e.g. `{ 'idempotency-key': 'idempotency_key' }`. */
  headers?: Record<string, string>;
  /** REST: non-JSON bodies accepted as text into an input field, e.g. `{ 'text/csv': 'csv' }`. */
  textBodies?: Record<string, string>;
  /**
   * REST: answer with the output's `field` as the raw body of `contentType` (a download) instead
   * of JSON: a string, or an array of strings streamed one after another (files too large for one
   * string). MCP: the tool answers a link to the file as the resource `resource` (a URI template
   * whose `{name}` parts are input fields), a summary and the first rows; reading the resource
   * gives the whole file.
   */
  produces?: { contentType: string; field: string; filename?: string; resource: string };
  /** REST: largest body accepted, for operations that take uploads beyond the default limit. */
  maxBodyBytes?: number;
  /** One or two sentences for the MCP text content, so a model reads the gist first. */
  summarize?: (output: z.output<O>) => string;
  handler(ctx: Context, input: z.output<I>): Promise<z.input<O>>;
}

export const defineOperation = <I extends z.ZodObject, O extends z.ZodType>(
  op: Operation<I, O>,
): Operation<I, O> => op;

/** Path parameter names in an operation path: `/v1/company/{domain}` -> ['domain']. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
