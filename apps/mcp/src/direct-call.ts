import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

export interface PlainToolCall {
  id: string | number;
  name: string;
  arguments: Record<string, unknown> | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const allowedParams = new Set(['name', 'arguments', '_meta']);

/**
 * A single, well-formed `tools/call` request with headers the SDK transport would accept: the one
 * message an agent sends over and over. The door answers it directly; anything else (batches,
 * notifications, other methods, tasks, anything the transport would refuse) goes through the
 * SDK server and transport, which give the exact protocol behaviour and errors.
 */
export function plainToolCall(
  body: unknown,
  header: (name: string) => string | undefined,
): PlainToolCall | null {
  const accept = header('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return null;
  const type = (header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return null;
  const version = header('mcp-protocol-version');
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return null;
  if (!isObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return null;
  const { id, params } = body;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return null;
  if (!isObject(params) || typeof params.name !== 'string') return null;
  if (Object.keys(params).some((k) => !allowedParams.has(k))) return null;
  if (params.arguments !== undefined && !isObject(params.arguments)) return null;
  if (params._meta !== undefined && (!isObject(params._meta) || 'progressToken' in params._meta)) return null;
  if (Object.keys(body).some((k) => k !== 'jsonrpc' && k !== 'id' && k !== 'method' && k !== 'params'))
    return null;
  return { id, name: params.name, arguments: params.arguments as Record<string, unknown> | undefined };
}
