/** A value a rule could not use, with the reason shown to the caller. */
export interface Invalid {
  invalid: string;
}

/** A normalizer's answer: the normalized text, or why the input cannot be used. */
export type Normalized = string | Invalid;

export const invalidValue = (reason: string): Invalid => ({ invalid: reason });

export const isInvalid = (value: Normalized): value is Invalid => typeof value !== 'string';

const NON_ASCII = /[^\x20-\x7e\t\n\r]/;

/** Unicode NFC, skipped for ASCII text (the common case) to keep the hot path cheap. */
export const nfc = (value: string): string => (NON_ASCII.test(value) ? value.normalize('NFC') : value);
