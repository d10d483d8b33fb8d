import { describe, expect, it } from 'vitest';
import { isDossierError } from '../errors.js';
import { parseRequired, satisfies } from './required.js';

describe('parseRequired', () => {
  it('reads AND, OR and parentheses with AND binding tighter', () => {
    expect(parseRequired('email AND mobile')).toEqual([['email', 'mobile']]);
    expect(parseRequired('email or mobile and title')).toEqual([['email'], ['mobile', 'title']]);
    expect(parseRequired('email AND (mobile OR direct_dial)')).toEqual([
      ['email', 'mobile'],
      ['email', 'direct_dial'],
    ]);
    expect(parseRequired('email,mobile')).toEqual([['email', 'mobile']]);
  });

  it('evaluates against what a record has', () => {
    const has = (f: string) => f === 'email' || f === 'direct_dial';
    expect(satisfies(parseRequired('email AND mobile'), has)).toBe(false);
    expect(satisfies(parseRequired('email AND (mobile OR direct_dial)'), has)).toBe(true);
  });

  it('names an unknown field or a broken expression', () => {
    for (const [text, message] of [
      ['email AND fax', 'unknown field `fax`'],
      ['(email', 'not closed'],
      ['email AND', 'ends where'],
      ['email $ mobile', 'unexpected'],
    ] as const) {
      const error = (() => {
        try {
          parseRequired(text);
        } catch (e) {
          return e;
        }
      })();
      expect(isDossierError(error) && error.code).toBe('invalid_request');
      expect((error as Error).message).toContain(message);
    }
  });
});
