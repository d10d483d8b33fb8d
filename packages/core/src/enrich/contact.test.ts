import { describe, expect, it } from 'vitest';
import { bestEmail } from './contact.js';
import type { ContactPerson } from './store.js';

type Address = [email: string, type: string, status: string];
const domains = ['northwind.example', 'northwind-alias.example'];
/** The address bestEmail picks among these, for a company at `domains`. */
const best = (...emails: Address[]) =>
  bestEmail(
    { emails: emails.map(([email, type, status]) => ({ email, type, status })) } as unknown as ContactPerson,
    domains,
  )?.email ?? null;

describe('bestEmail', () => {
  it('prefers a usable work address at one of the domains, then any work address, then any usable one', () => {
    expect(
      best(
        ['jo@gmail.example', 'personal', 'verified'],
        ['jo@other.example', 'work', 'valid'],
        ['jo@northwind-alias.example', 'work', 'unknown'],
      ),
    ).toBe('jo@northwind-alias.example');
    expect(
      best(
        ['jo@gmail.example', 'personal', 'verified'],
        ['jo@northwind.example', 'work', 'invalid'],
        ['jo@other.example', 'work', 'valid'],
      ),
    ).toBe('jo@other.example');
    expect(
      best(['jo@northwind.example', 'personal', 'valid'], ['jo@gmail.example', 'personal', 'verified']),
    ).toBe('jo@northwind.example');
  });
  it('needs the whole domain after the @: a longer domain ending the same is not it', () => {
    expect(
      best(
        ['jo@mynorthwind.example', 'work', 'valid'],
        ['jo@sub.northwind.example', 'work', 'valid'],
        ['jo@northwind.example', 'work', 'unknown'],
      ),
    ).toBe('jo@northwind.example');
  });
  it('is null when every address is invalid or there is none', () => {
    expect(best(['jo@northwind.example', 'work', 'invalid'])).toBeNull();
    expect(best()).toBeNull();
  });
});
