import { defineOperation } from '@dossier/core';
import { z } from 'zod';

/** The cheapest possible operation, so a benchmark measures the door and the access path. */
export const ping = defineOperation({
  name: 'ping',
  title: 'Ping',
  method: 'GET',
  path: '/v1/ping',
  summary: 'Answers pong',
  description: 'Answers pong. Benchmarks only.',
  scope: 'usage',
  input: z.object({}),
  output: z.object({ pong: z.literal(true), credits_used: z.literal(0) }),
  example: { input: {} },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  handler: async () => ({ pong: true as const, credits_used: 0 as const }),
});
