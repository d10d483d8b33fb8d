import { describe, expect, it } from 'vitest';
import { bestEmail } from './contact.js';
import type { ContactPerson } from './store.js';

const person = (emails: Array<[email: string, type: string, status: string]>) =>
  ({ emails: emails.map(([email, type, status]) => ({ email, type, status })) }) as unknown as ContactPerson;
const domains = ['northwind.example', 'northwind-alias.example'];

describe('bestEmail', () => {
  it('prefers a usable work address at one of the domains, then any work address, then any usable one', () => {
    expect(
      bestEmail(
        person([
          ['jo@gmail.example', 'personal', 'verified'],
          ['jo@other.example', 'work', 'valid'],
          ['jo@northwind-alias.example', 'work', 'unknown'],
        ]),
        domains,
      )?.email,
    ).toBe('jo@northwind-alias.example');
    expect(
      bestEmail(
        person([
          ['jo@gmail.example', 'personal', 'verified'],
          ['jo@northwind.example', 'work', 'invalid'],
          ['jo@other.example', 'work', 'valid'],
        ]),
        domains,
      )?.email,
    ).toBe('jo@other.example');
    expect(
      bestEmail(
        person([
          ['jo@northwind.example', 'personal', 'valid'],
          ['jo@gmail.example', 'personal', 'verified'],
        ]),
        domains,
      )?.email,
    ).toBe('jo@northwind.example');
  });
  it('needs the whole domain after the @: a longer domain ending the same is not it', () => {
    expect(
      bestEmail(
        person([
          ['jo@mynorthwind.example', 'work', 'valid'],
          ['jo@sub.northwind.example', 'work', 'valid'],
          ['jo@northwind.example', 'work', 'unknown'],
        ]),
        domains,
      )?.email,
    ).toBe('jo@northwind.example');
  });
  it('is null when every address is invalid or there is none', () => {
    expect(bestEmail(person([['jo@northwind.example', 'work', 'invalid']]), domains)).toBeNull();
    expect(bestEmail(person([]), domains)).toBeNull();
  });
});
