import { invalid } from '../errors.js';

/** Names `required` can test; each is true when the matched record has that value. */
export const requirableFields = [
  'email',
  'mobile',
  'direct_dial',
  'phone',
  'linkedin_url',
  'title',
  'location',
  'headcount',
  'revenue',
  'industry',
  'technologies',
] as const;
export type Requirable = (typeof requirableFields)[number];

/** A parsed `required` expression: OR of ANDs of names (disjunctive normal form). */
export type Requirement = Requirable[][];

/**
 * Parses `email AND (mobile OR direct_dial)`. AND binds tighter than OR; parentheses group;
 * `,` and `&&`/`||` are accepted as AND and OR. Unknown names are a 422 naming them.
 */
export function parseRequired(text: string, path = 'required'): Requirement {
  const tokens = text.match(/\(|\)|&&|\|\||,|[A-Za-z_]+/g) ?? [];
  const rest = text.replace(/\(|\)|&&|\|\||,|[A-Za-z_]+|\s+/g, '');
  if (rest) throw invalid([{ path, message: `unexpected \`${rest.slice(0, 20)}\`` }]);
  let i = 0;
  const fail = (message: string): never => {
    throw invalid([{ path, message }]);
  };
  const peek = () => tokens[i]?.toLowerCase();
  const and = (a: Requirement, b: Requirement): Requirement => a.flatMap((x) => b.map((y) => [...x, ...y]));
  const parseOr = (): Requirement => {
    let left = parseAnd();
    while (peek() === 'or' || peek() === '||') {
      i++;
      left = [...left, ...parseAnd()];
    }
    return left;
  };
  const parseAnd = (): Requirement => {
    let left = parseAtom();
    while (peek() === 'and' || peek() === '&&' || peek() === ',') {
      i++;
      left = and(left, parseAtom());
    }
    return left;
  };
  const parseAtom = (): Requirement => {
    const token = peek();
    if (token === undefined) return fail('ends where a field name was expected');
    i++;
    if (token === '(') {
      const inner = parseOr();
      if (peek() !== ')') fail('a `(` is not closed');
      i++;
      return inner;
    }
    if (!(requirableFields as readonly string[]).includes(token))
      fail(`unknown field \`${token}\`; use ${requirableFields.join(', ')}`);
    return [[token as Requirable]];
  };
  const result = parseOr();
  if (i < tokens.length) fail(`unexpected \`${tokens[i]}\``);
  if (result.length > 64) fail('too complex');
  return result;
}

/** True when some AND-group has all its names present. */
export const satisfies = (requirement: Requirement, has: (field: Requirable) => boolean): boolean =>
  requirement.some((group) => group.every(has));
