/**
 * Partial masking for callers without the `pii` scope, as in the enrich example of the README and the OpenAPI document:
 * `jane.doe@northwind.example` -> `j***@northwind.example`, `+14155550112` -> `+1 415 ***-**12`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  if (digits.length < 7) return '+***';
  // North American numbers read best grouped; elsewhere keep country code and last two digits.
  if (digits.length === 11 && digits.startsWith('1'))
    return `+1 ${digits.slice(1, 4)} ***-**${digits.slice(-2)}`;
  const cc = digits.length > 10 ? digits.slice(0, digits.length - 10) : digits.slice(0, 2);
  return `+${cc} ${'*'.repeat(Math.max(3, digits.length - cc.length - 2))}${digits.slice(-2)}`;
}
