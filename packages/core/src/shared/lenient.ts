import { z } from 'zod';

/**
 * What a model or a form naturally sends, read the same way on every door: a list as one
 * comma-separated string or a single value (`"surge,hiring"`, `"DE"`), a number as its text
 * (`"25"`). Anything else is left as it is, so validation names the field. The OpenAPI document
 * spells both forms out (apps/api/src/openapi/json-schema.ts).
 */
const numeric = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

const toList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : value;

const toNumber = (value: unknown) =>
  typeof value === 'string' && numeric.test(value) ? Number(value) : value;

// zod types a preprocess's input as unknown; these say what is taken, for the SDK's input types.
type Taking<S extends z.ZodType, Extra> = z.ZodPipe<z.ZodTransform<z.input<S>, z.input<S> | Extra>, S>;

/** A list that also takes one comma-separated string or a single value. */
export const lenientList = <T extends z.ZodType>(list: z.ZodArray<T>) =>
  z.preprocess(toList, list) as unknown as Taking<z.ZodArray<T>, string>;

/** A number that also takes its text, e.g. `"25"`. */
export const lenientNumber = (number: z.ZodNumber) =>
  z.preprocess(toNumber, number) as unknown as Taking<z.ZodNumber, string>;
