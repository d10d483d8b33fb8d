import { apiVersion, errorCodes, type Operation, operationSnippets, pathParams } from '@dossier/core';
import { toOpenApiSchema } from './json-schema.js';
import { webhooksSection } from './webhooks.js';

type Json = Record<string, unknown>;

/** Every error status the REST door can answer, with what it means. */
const errorResponses: Record<string, string> = {
  '400': 'The body could not be parsed (not JSON, or not a JSON object).',
  '401': 'Missing, malformed, unknown, expired or revoked API key.',
  '403': 'The key lacks the scope, or the request Origin is not allowed for it.',
  '404': 'No such record, job or route.',
  '409': 'The request conflicts with the current state, e.g. a job that has not finished yet.',
  '413': 'The body is larger than the service accepts.',
  '415': 'The body has a content type this operation does not take.',
  '422': 'A parameter failed validation; `issues` names every failing field.',
  '429': 'Rate limit reached; the message says the limit and `Retry-After` the seconds to wait.',
  '500': 'A fault on our side; the message carries the request id, never internal detail.',
  '503': 'A service this operation needs is not available on this deployment.',
};
/** Statuses only a request with a body can get (GET and DELETE read no body). */
const bodyOnly = new Set(['400', '413', '415']);

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
 * Form fields are text; a list goes comma-separated in one field (`types=surge,hiring`), which
 * OpenAPI spells `style: form, explode: false`. The server also takes the field repeated.
 */
function formEncoding(schema: Json): Json {
  const encoding: Json = {};
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    // A lenient list is `anyOf` an array and its comma-separated text: in a form, both read as the array.
    const list =
      property.type === 'array' || ((property.anyOf ?? []) as Json[]).some((m) => m.type === 'array');
    if (list) encoding[name] = { style: 'form', explode: false };
    else if (property.type === 'object') encoding[name] = { contentType: 'application/json' };
  }
  return Object.keys(encoding).length ? { encoding } : {};
}

/**
 * A query or path parameter is text already: OpenAPI reads it as the number its schema says, so a
 * number's text form (the JSON body's alternative, json-schema.ts) is left out; with it `limit=0`
 * would read as valid text.
 */
function parameterSchema(schema: Json | undefined): Json | undefined {
  const members = schema?.anyOf as Json[] | undefined;
  if (!schema || !members) return schema;
  const number = members.find((m) => m.type === 'integer' || m.type === 'number');
  const text = members.find(
    (m) => m.type === 'string' && String(m.description).startsWith('The same number'),
  );
  if (!number || !text || members.length !== 2) return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...rest, ...number };
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
    schema: parameterSchema(props[name]) ?? { type: 'string' },
    example: example[name],
  }));
  for (const [header, field] of Object.entries(op.headers ?? {})) {
    parameters.push({
      name: header.replace(/(^|-)(\w)/g, (_, dash: string, c: string) => dash + c.toUpperCase()),
      in: 'header',
      required: false,
      description: `Same as the \`${field}\` field; the header wins when both are sent.`,
      schema: props[field] ?? { type: 'string' },
    });
  }
  const rest = Object.keys(props).filter((name) => !inPath.includes(name));
  const success: Json = {
    headers: rateHeaders,
    content: op.produces
      ? { [op.produces.contentType.split(';')[0] as string]: { schema: { type: 'string' } } }
      : {
          'application/json': {
            schema: toOpenApiSchema(op.output, 'output', components),
            ...(op.example.output ? { example: op.example.output } : {}),
          },
        },
  };
  const hasBody = op.method !== 'GET' && op.method !== 'DELETE';
  // An operation whose status follows its output answers now (200) or queues a job (202).
  const successStatuses = op.statusFor ? ['200', '202'] : [String(op.successStatus ?? 200)];
  const successDescription: Record<string, string> = {
    '200': 'Success',
    '201': 'Created',
    '202': 'Accepted: queued as a job; follow it with the job id in the answer.',
  };
  const result: Json = {
    operationId: op.name,
    summary: op.summary,
    description: op.details ? `${op.description} ${op.details}` : op.description,
    tags: [op.scope],
    security: [{ bearer: [] }],
    'x-scope': op.scope,
    // Copyable calls of the example (Redoc's convention), written by the same generator as the
    // console's snippets; they use the default base URL, which /docs replaces with its own origin.
    'x-codeSamples': codeSamples(op),
    parameters,
    responses: {
      ...Object.fromEntries(
        successStatuses.map((code) => [code, { description: successDescription[code], ...success }]),
      ),
      ...Object.fromEntries(
        Object.keys(errorResponses)
          .filter((code) => hasBody || !bodyOnly.has(code))
          .map((code) => [code, { $ref: `#/components/responses/E${code}` }]),
      ),
    },
  };
  if (!hasBody) {
    for (const name of rest) {
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: parameterSchema(props[name]),
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
    const textBodies = Object.fromEntries(
      Object.entries(op.textBodies ?? {}).map(([type, field]) => [
        type,
        {
          schema: {
            type: 'string',
            description: `The whole body is the \`${field}\` field${props[field]?.description ? `: ${String(props[field]?.description)}` : ''}`,
          },
        },
      ]),
    );
    result.requestBody = {
      required: bodyRequired.length > 0,
      content: {
        'application/json': { schema: bodySchema, example: bodyExample },
        'application/x-www-form-urlencoded': { schema: bodySchema, ...formEncoding(bodySchema) },
        ...textBodies,
      },
    };
  }
  return result;
}

/** The OpenAPI 3.1 document, generated from the operation registry (built once at start-up). */
function codeSamples(op: Operation): Json[] {
  const snippets = operationSnippets(op);
  return [
    { lang: 'Shell', label: 'curl', source: snippets.curl },
    { lang: 'TypeScript', label: 'TypeScript', source: snippets.typescript },
    { lang: 'Python', label: 'Python', source: snippets.python },
  ];
}

export function buildOpenApiDocument(operations: readonly Operation[], serverUrl = '/'): Json {
  const components: Json = {};
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Json)[op.method.toLowerCase()] = operationObject(op, components);
  }
  const webhooks = webhooksSection(components);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dossier API',
      version: apiVersion,
      description:
        'Identity resolution and B2B data: enrich, search, verify, company and person records, intent and audiences. ' +
        'Every plan is flat: `credits_used` is always 0.',
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths,
    webhooks,
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
