import { getDomain } from 'tldts';
import { z } from 'zod';

/** Any form of a company domain (`https://www.Northwind.example/about`) to its registrable domain. */
export function registrableDomain(input: string): string | null {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed || trimmed.length > 2048) return null;
  return getDomain(trimmed.includes('@') ? trimmed.slice(trimmed.lastIndexOf('@') + 1) : trimmed);
}

export const domainParam = z
  .string()
  .min(1)
  .max(2048)
  .transform((value, ctx) => {
    const domain = registrableDomain(value);
    if (!domain) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a domain name such as northwind.example or a URL on it',
      });
      return z.NEVER;
    }
    return domain;
  });
