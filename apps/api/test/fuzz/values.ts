import fc from 'fast-check';

/**
 * Hostile values shared by the REST and MCP fuzzers: text no column can hold, numbers and dates
 * beyond every range, odd shapes and deep nesting. Each property draws from these.
 */

/** Cases per property: `DOSSIER_FUZZ_RUNS` (CI leaves it unset and gets this default). */
export const fuzzRuns = (ciDefault: number): number => {
  const raw = process.env.DOSSIER_FUZZ_RUNS;
  const n = raw ? Number(raw) : ciDefault;
  return Number.isInteger(n) && n > 0 ? n : ciDefault;
};

/** Seed from `DOSSIER_FUZZ_SEED` to replay a failure; otherwise fast-check picks one and prints it. */
export const fuzzSeed = (): { seed?: number } => {
  const raw = process.env.DOSSIER_FUZZ_SEED;
  return raw && Number.isInteger(Number(raw)) ? { seed: Number(raw) } : {};
};

const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  'ok\uD83D',
  '%00',
  '%E0%A4%A',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '-271821-04-20',
  '+275760-09-13T00:00:00.000Z',
  '0000-01-01',
  '1899-12-31',
  '2100-01-02',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  'NaN',
  'Infinity',
  '1e999',
  '5e-324',
  '-1',
  '0x10',
  '2147483648',
  'true',
  'null',
  '[]',
  '{}',
  '{"$ne": null}',
  'dsr_live_00000000000000000000000000000000',
  'per_',
  'cmp_',
  'northwind.example',
  'a@b.example',
  'http://127.0.0.1/',
  '😀',
  'ſ',
  '\r\n\t',
  ',,,',
  'a,b,c',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nasty) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(10_001), 'x'.repeat(300_000), 'é'.repeat(2_000)) },
);

export const extremeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    5e-324,
    -5e-324,
    1e-40,
    1e-30,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53 + 2,
    2 ** 63,
    1.5,
    -1,
    1e21,
    101,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Nested arrays or objects `depth` levels deep (beyond any schema's shape). */
export const nested = (depth: number, object: boolean): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
  return value;
};

const deep = fc
  .tuple(fc.integer({ min: 20, max: 400 }), fc.boolean())
  .map(([depth, object]) => nested(depth, object));

/** Any hostile JSON value: scalars above, odd containers, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: hostileString },
    { weight: 3, arbitrary: extremeNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: deep },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        [],
        {},
        [[]],
        Array.from({ length: 20_000 }, () => 'a@b.example'),
      ),
    },
  ),
})).value;

/** Every leaf path of a JSON value (arrays by index), the root's own fields first. */
export function leafPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key]);
      leafPaths(child, [...prefix, key], out);
    }
  }
  return out;
}

/** A copy of `value` with the thing at `path` replaced. */
export function replaceAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  (copy as Record<string, unknown>)[head] = replaceAt(
    (value as Record<string, unknown>)?.[head],
    rest,
    replacement,
  );
  return copy;
}

/** Whether an issue path names the field at `path` (or the field holding it, or one inside it). */
export const namesField = (issuePath: string, path: string[]): boolean => {
  const target = path.join('.');
  return (
    issuePath !== '' &&
    (issuePath === target || target.startsWith(`${issuePath}.`) || issuePath.startsWith(`${target}.`))
  );
};

/**
 * Percent-encodes any string, lone surrogates included (as the bytes a careless encoder would send,
 * `%ED%A0%80`, which are not valid UTF-8), where encodeURIComponent would throw.
 */
export const percentEncode = (text: string): string =>
  text
    .split(/([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/)
    .map((part) => {
      try {
        return encodeURIComponent(part);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
