import { type DnsClient, DnsTemporaryError } from './dns.js';

/**
 * The verifier's identity: the EHLO name and the MAIL FROM address every server sees. Strict
 * servers (Postfix's reject_non_fqdn_helo_hostname, reject_unknown_helo_hostname,
 * reject_non_fqdn_sender, reject_unknown_sender_domain; Exim's sender verify) refuse a session
 * whose names are bare or do not resolve, and many say so only at RCPT, where the refusal looks
 * like a verdict on the mailbox. So SMTP checks run only with an identity that passes these checks.
 */
export interface VerifierIdentity {
  heloName: string;
  mailFrom: string;
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
// Names that exist only inside a network: no server on the internet can resolve them.
const PRIVATE_SUFFIX = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa|invalid)$/;

/** Why `name` is not a fully qualified domain name, or null when it is one. */
export const fqdnProblem = (name: string): string | null => {
  const host = name.toLowerCase().replace(/\.$/, '');
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2) return 'is not fully qualified (it needs a dot and a top-level domain)';
  if (host.length > 253 || !labels.every((label) => LABEL.test(label))) return 'is not a valid host name';
  if (!/^([a-z]{2,63}|xn--[a-z0-9-]+)$/.test(tld)) return 'does not end in a top-level domain';
  if (PRIVATE_SUFFIX.test(host)) return 'is a private name no mail server can resolve';
  return null;
};

/** Problems with the identity's form alone (no DNS): empty when both names are fully qualified. */
export const identityFormProblems = (identity: VerifierIdentity): string[] => {
  const problems: string[] = [];
  const helo = fqdnProblem(identity.heloName);
  if (helo) problems.push(`VERIFY_HELO_NAME "${identity.heloName}" ${helo}`);
  const at = identity.mailFrom.lastIndexOf('@');
  if (at <= 0) problems.push(`VERIFY_MAIL_FROM "${identity.mailFrom}" is not an address`);
  else {
    const domain = fqdnProblem(identity.mailFrom.slice(at + 1));
    if (domain) problems.push(`the domain of VERIFY_MAIL_FROM "${identity.mailFrom}" ${domain}`);
  }
  return problems;
};

/**
 * Every problem with the identity: its form, then DNS (the HELO name and the MAIL FROM domain each
 * need an MX, A or AAAA record). `dnsAnswered` is false when DNS could not be asked (a temporary
 * failure): the names then pass on their form, and the caller checks again later.
 */
export const checkIdentity = async (
  identity: VerifierIdentity,
  dns: DnsClient,
): Promise<{ problems: string[]; dnsAnswered: boolean }> => {
  const problems = identityFormProblems(identity);
  if (problems.length) return { problems, dnsAnswered: true };
  const senderDomain = identity.mailFrom.slice(identity.mailFrom.lastIndexOf('@') + 1).toLowerCase();
  const names: Array<[string, string]> = [[`VERIFY_HELO_NAME "${identity.heloName}"`, identity.heloName]];
  if (senderDomain !== identity.heloName.toLowerCase())
    names.push([`the domain of VERIFY_MAIL_FROM "${identity.mailFrom}"`, senderDomain]);
  let dnsAnswered = true;
  for (const [label, name] of names) {
    try {
      const facts = await dns.lookupDomain(name.replace(/\.$/, ''));
      if (facts.kind === 'no_domain') problems.push(`${label} does not exist in DNS`);
      else if (facts.kind === 'no_mx') problems.push(`${label} has no MX, A or AAAA record`);
      else if (facts.kind === 'null_mx' && name === senderDomain)
        problems.push(`${label} publishes a null MX (it accepts no mail, so no bounce could reach it)`);
    } catch (error) {
      if (!(error instanceof DnsTemporaryError)) throw error;
      dnsAnswered = false;
    }
  }
  return { problems, dnsAnswered };
};
