import type { Operation } from '@dossier/core';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * Downloads (operations with `produces`) over MCP. A model should not receive megabytes of CSV in
 * its context, so the tool answers a `resource_link` to the file with its size, columns and first
 * rows; a client that wants the file reads the resource, under the same key, scope and tenant
 * checks as the REST download, in parts of about PART_CHARS characters that it joins in order.
 */
const PART_CHARS = 1 << 20;
const PREVIEW_ROWS = 5;

type Produces = NonNullable<Operation['produces']>;
type Json = Record<string, unknown>;

const producesOf = (op: Operation): Produces => op.produces as Produces;

/** The resource URI of one download: the template with each `{field}` filled from the input. */
export function downloadUri(op: Operation, input: Record<string, unknown>): string {
  return producesOf(op).resource.replace(/\{(\w+)\}/g, (_, field: string) =>
    encodeURIComponent(String(input[field] ?? '')),
  );
}

/** The tool input a resource URI stands for, or null when the URI is not of this download. */
export function matchDownload(op: Operation, uri: string): Record<string, string> | null {
  const fields: string[] = [];
  const pattern = producesOf(op)
    .resource.split(/(\{\w+\})/)
    .map((piece) => {
      const field = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (!field) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      fields.push(field);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(uri);
  if (!match) return null;
  const input: Record<string, string> = {};
  fields.forEach((field, i) => {
    try {
      input[field] = decodeURIComponent(match[i + 1] as string);
    } catch {
      throw new McpError(ErrorCode.InvalidParams, `The ${field} in ${uri} is not valid percent-encoding.`);
    }
  });
  return input;
}

/** The file's text in the parts the operation produced (one string, or several written in order). */
const partsOf = (op: Operation, output: unknown): string[] => {
  const value = (output as Json)[producesOf(op).field];
  return Array.isArray(value) ? (value as string[]) : [String(value ?? '')];
};

/** Splits a CSV header line into column names (quoted names may hold commas). */
const columnsOf = (header: string): string[] =>
  [...header.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .filter((m, i, all) => i < all.length - 1 || m[1] !== '')
    .map((m) => (m[1] as string).replace(/^"|"$/g, '').replace(/""/g, '"'));

/** The tool answer: a link to the file, its size and columns, and its first rows. */
export function downloadResult(
  op: Operation,
  input: Record<string, unknown>,
  output: unknown,
): CallToolResult {
  const parts = partsOf(op, output);
  let bytes = 0;
  for (const part of parts) bytes += Buffer.byteLength(part);
  let head = '';
  for (const part of parts) {
    head += part.slice(0, 64 * 1024);
    if (head.split('\n').length > PREVIEW_ROWS + 1 || head.length >= 64 * 1024) break;
  }
  const [header = '', ...rest] = head.split('\n');
  const preview = rest.slice(0, PREVIEW_ROWS).filter((line) => line !== '');
  const columns = columnsOf(header);
  const rows = Number((output as Json).rows ?? preview.length);
  const uri = downloadUri(op, input);
  const name = producesOf(op).filename ?? uri.split('/').pop() ?? 'download.csv';
  const text =
    `${name}: ${rows} rows, ${bytes} bytes; columns: ${columns.join(', ')}. ` +
    `Read the resource ${uri} for the whole file.` +
    (preview.length ? `\nFirst rows:\n${header}\n${preview.join('\n')}` : '');
  return {
    content: [
      { type: 'text', text },
      { type: 'resource_link', uri, name, mimeType: mimeOf(op), size: bytes },
    ],
    structuredContent: { uri, filename: name, rows, bytes, columns, preview },
  };
}

const mimeOf = (op: Operation) => producesOf(op).contentType.split(';')[0]?.trim() ?? 'text/csv';

/** The whole file as resource contents, in parts of at most PART_CHARS characters, cut at line ends. */
export function downloadContents(op: Operation, uri: string, output: unknown) {
  const mimeType = mimeOf(op);
  const contents: { uri: string; mimeType: string; text: string }[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) contents.push({ uri, mimeType, text: buffer });
    buffer = '';
  };
  for (let part of partsOf(op, output)) {
    while (buffer.length + part.length > PART_CHARS) {
      const room = PART_CHARS - buffer.length;
      const cut = part.lastIndexOf('\n', room - 1) + 1;
      if (cut > 0) {
        buffer += part.slice(0, cut);
        part = part.slice(cut);
      } else if (buffer === '') {
        buffer = part.slice(0, room); // one line longer than a part: cut it anyway
        part = part.slice(room);
      }
      flush();
    }
    buffer += part;
  }
  flush();
  if (contents.length === 0) contents.push({ uri, mimeType, text: '' });
  return contents;
}

export const downloadNote =
  ' Answers a link to the file with its size, columns and first rows; read it for the whole file.';
