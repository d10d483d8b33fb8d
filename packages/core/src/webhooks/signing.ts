import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The Standard Webhooks headers for one attempt. Each live secret adds a `v1,` signature (space
 * separated), so during a rotation's grace a receiver holding either secret verifies it.
 */
export const signedHeaders = (
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): Record<string, string> => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
});
