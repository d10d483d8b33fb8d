import { errorCodes, type Operation, pathParams } from '@dossier/core';
import { fieldKinds } from '../form-values.js';
import { toOpenApiSchema } from './json-schema.js';

type Json = Record<string, unknown>;

const errorResponses: Record<string, string> = {
  '400': 'The body could not be parsed.',
  '401': 'Missing, malformed, unknown, expired or revoked API key.',
  '403': 'The key lacks the scope, or the request Origin is not allowed for it.',
  '404': 'No such record or route.',
  '413': 'The body is larger than the service accepts.',
  '422': 'A parameter failed validation; `issues` names every failing field.',
  '429': 'Rate limit reached; retry after `Retry-After` seconds.',
  '500': 'A fault on our side; the message carries the request id, never internal detail.',
};

const errorSchema: Json = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: {
      type: 'string',
      enum: [...errorCodes, 'payload_too_large'],
    },
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
    request_id: { type: 'string' },
  },
};

const rateHeaders: Json = {
  RateLimit: {
    description: 'Remaining requests and seconds to reset (IETF draft syntax).',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': { description: 'Quota and window (IETF draft syntax).', schema: { type: 'string' } },
  'X-RateLimit-Limit': { schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { schema: { type: 'integer' } },
  'X-RateLimit-Reset': {
    description: 'Unix time, in seconds, when the window resets.',
    schema: { type: 'integer' },
  },
  'X-Request-Id': { schema: { type: 'string' } },
};

/**
 * How form fields are read (form-values.ts): lists as repeated fields (one comma-separated value
 * works too), objects as JSON text. Numbers and booleans need no note: their text is read as such.
 */
function formEncoding(fields: ReturnType<typeof fieldKinds>, names: string[]): Json {
  const encoding: Json = {};
  for (const name of names) {
    const kinds = fields.get(name)?.kinds;
    if (kinds?.has('array')) encoding[name] = { style: 'form', explode: true };
    else if (kinds?.has('object')) encoding[name] = { contentType: 'application/json' };
  }
  return Object.keys(encoding).length ? { encoding } : {};
}

function operationObject(op: Operation, components: Json): Json {
  const inputSchema = toOpenApiSchema(op.input, 'input', components) as Json & {
    properties?: Record<string, Json>;
    required?: string[];
  };
  const props = inputSchema.properties ?? {};
  const required = new Set(inputSchema.required ?? []);
  const inPath = pathParams(op.path);
  const example = op.example.input as Record<string, unknown>;
  const parameters: Json[] = inPath.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[name] ?? { type: 'string' },
    example: example[name],
  }));
  const rest = Object.keys(props).filter((name) => !inPath.includes(name));
  const result: Json = {
    operationId: op.name,
    summary: op.summary,
    description: op.description,
    tags: [op.scope],
    security: [{ bearer: [] }],
    'x-scope': op.scope,
    parameters,
    responses: {
      [String(op.successStatus ?? 200)]: {
        description: 'Success',
        headers: rateHeaders,
        content: op.produces
          ? { [op.produces.contentType.split(';')[0] as string]: { schema: { type: 'string' } } }
          : {
              'application/json': {
                schema: toOpenApiSchema(op.output, 'output', components),
                ...(op.example.output ? { example: op.example.output } : {}),
              },
            },
      },
      ...Object.fromEntries(
        Object.keys(errorResponses).map((code) => [code, { $ref: `#/components/responses/E${code}` }]),
      ),
    },
  };
  if (op.method === 'GET' || op.method === 'DELETE') {
    for (const name of rest) {
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: props[name],
        example: example[name],
      });
    }
  } else {
    const bodySchema: Json = {
      ...inputSchema,
      properties: Object.fromEntries(rest.map((n) => [n, props[n]])),
    };
    const bodyRequired = [...required].filter((n) => !inPath.includes(n));
    if (bodyRequired.length) bodySchema.required = bodyRequired;
    else delete bodySchema.required;
    const bodyExample = Object.fromEntries(Object.entries(example).filter(([k]) => !inPath.includes(k)));
    result.requestBody = {
      required: bodyRequired.length > 0,
      content: {
        'application/json': { schema: bodySchema, example: bodyExample },
        'application/x-www-form-urlencoded': {
          schema: bodySchema,
          ...formEncoding(fieldKinds(op), rest),
        },
      },
    };
  }
  return result;
}

/** The OpenAPI 3.1 document, generated from the operation registry (built once at start-up). */
export function buildOpenApiDocument(operations: readonly Operation[], serverUrl = '/'): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Json)[op.method.toLowerCase()] = operationObject(op, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dossier API',
      version: '1.0.0',
      description:
        'Identity resolution and B2B data: enrich, search, verify, company and person records, intent and audiences. ' +
        'Every plan is flat: `credits_used` is always 0.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: `Authorization: Bearer dsr_live_...`',
        },
      },
      schemas: { ...components, Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(errorResponses).map(([code, description]) => [
          `E${code}`,
          {
            description,
            headers:
              code === '429'
                ? { 'Retry-After': { schema: { type: 'integer', minimum: 1 } }, ...rateHeaders }
                : undefined,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}
