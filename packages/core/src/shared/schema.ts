import { z } from 'zod';

/** `credits_used` is always 0: plans are flat. */
export const creditsUsed = z.literal(0).describe('Always 0: every plan is flat, with no per-row charge.');

export const errorBody = z
  .object({
    error: z.string().describe('Short machine-readable code, e.g. `invalid_request`.'),
    message: z.string().describe('Human-readable explanation.'),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('For `invalid_request`: every failing field with its path.'),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Error' });
