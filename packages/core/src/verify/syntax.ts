import { domainToASCII } from 'node:url';

export interface ParsedAddress {
  /** The address as we send it: local part as given, domain lower-cased ASCII (punycode). */
  email: string;
  local: string;
  domain: string;
}

export type SyntaxError = 'empty' | 'control_characters' | 'syntax' | 'too_long' | 'domain';

// RFC 5321 4.1.2 Dot-string and Quoted-string local parts; RFC 6531 adds any non-ASCII character
// to atext (such an address is checked only with servers that advertise SMTPUTF8). Separators and
// invisible characters (Unicode Z and C) are refused: they are never part of a real mailbox name.
const ATEXT = "(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\\x00-\\x7f\\p{Z}\\p{C}])";
const DOT_STRING = new RegExp(`^${ATEXT}+(\\.${ATEXT}+)*$`, 'u');
const QUOTED_STRING = /^"([\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
// Any C0 control, DEL, or C1 control: CR/LF in particular would inject SMTP commands.
const hasControl = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
};

/** Parses one address per RFC 5321 and 6531; the domain goes to punycode. Address literals are refused. */
export const parseAddress = (
  raw: string,
): { ok: true; value: ParsedAddress } | { ok: false; error: SyntaxError } => {
  const value = raw.trim();
  if (!value) return { ok: false, error: 'empty' };
  if (hasControl(value)) return { ok: false, error: 'control_characters' };
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return { ok: false, error: 'syntax' };
  // RFC 6532 3.1: non-ASCII text in NFC, so one mailbox has one spelling.
  const local = value.slice(0, at).normalize('NFC');
  const rawDomain = value.slice(at + 1);
  if (!DOT_STRING.test(local) && !QUOTED_STRING.test(local)) return { ok: false, error: 'syntax' };
  if (Buffer.byteLength(local) > 64) return { ok: false, error: 'too_long' };
  const domain = domainToASCII(rawDomain.toLowerCase());
  if (!domain || domain.length > 253) return { ok: false, error: 'domain' };
  const labels = domain.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(tld)) {
    return { ok: false, error: 'domain' };
  }
  const email = `${local}@${domain}`;
  if (Buffer.byteLength(email) > 254) return { ok: false, error: 'too_long' };
  return { ok: true, value: { email, local, domain } };
};

/** A local part that needs SMTPUTF8 (RFC 6531) to be asked about. */
export const needsSmtpUtf8 = (address: string): boolean => {
  for (let i = 0; i < address.length; i++) if (address.charCodeAt(i) > 0x7f) return true;
  return false;
};
