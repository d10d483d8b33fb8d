import type { SmtpReply } from './reply.js';
import type { VerifyReason, VerifyStatus } from './types.js';

export type RcptVerdict =
  | { kind: 'accepted' }
  | { kind: 'final'; status: VerifyStatus; reason: VerifyReason }
  | { kind: 'greylisted' }
  | { kind: 'too_many_recipients' };

const GREYLIST = /gr[ae]y-?list|try again later|please retry|temporarily deferred|deferred/i;
const BLOCK =
  /spamhaus|spamcop|barracuda|sorbs|\brbl\b|dnsbl|block ?list|black ?list|blocked|\blisted\b|reputation|\bpolicy\b|banned|spam|client host (rejected|blocked)|not authori[sz]ed|relay(ing)? (denied|not permitted|access denied)|\bip\b.*\b(rejected|denied)|too many connections|rate limit|refused to talk|unauthenticated|administrative(ly)? (prohibit(ed|ion)|denied)|prohibited by (administrator|policy)/i;
const FULL =
  /mailbox (is )?full|over ?quota|quota exceeded|exceeded (the )?(storage|quota)|insufficient (system )?storage|mailbox (size|storage) limit/i;
const DISABLED =
  /disabled|deactivated|inactive|suspended|no longer (active|available|in use)|account (has been )?(closed|locked|terminated)|expired/i;
const GMAIL_RATE = /receiving mail at a rate/i;
const INACTIVE = /\binactive\b|OverQuotaPerm/i;
const USER_UNKNOWN =
  /no such (user|mailbox|recipient|address)|user unknown|unknown (user|recipient|mailbox|address)|does ?n[o']t exist|not exist|mailbox (not found|unavailable)|recipient (not found|rejected|unknown|invalid)|invalid (recipient|mailbox|address|user)|address rejected|user not found|no mailbox|undeliverable|not a valid mailbox|unrouteable|unroutable|account (does not exist|not found)/i;
const TOO_MANY = /too many recipients/i;
// Refusals of our envelope sender or HELO name: Postfix's reject_unknown_sender_domain and
// reject_non_fqdn_sender (delayed to RCPT), reject_sender_login_mismatch, Exim's sender verify
// (the cPanel default), reject_*_helo_hostname. They say nothing about the recipient.
const SENDER =
  /sender address rejected|sender (address )?verif(y|ication) failed|sender (domain|address) (not found|does not exist|is invalid|unknown)|helo command rejected|invalid (helo|ehlo)|bad sender/i;

/** What the verifier said in the session: replies naming it are about us, not the mailbox. */
export interface ReplyContext {
  /** The address asked about in RCPT TO (its echo is no evidence of anything). */
  recipient?: string;
  mailFrom?: string;
  heloName?: string;
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const mentions = (text: string, value: string | undefined): boolean =>
  !!value && new RegExp(`(^|[^a-z0-9.-])${escapeRegExp(value)}($|[^a-z0-9-])`, 'i').test(text);

/**
 * True when a reply refuses our own identity rather than the recipient: an X.1.7/X.1.8 enhanced
 * status (bad sender address or sender's system), or sender or HELO wording.
 */
export const refusesSender = (reply: SmtpReply, context: ReplyContext = {}): boolean =>
  (!!reply.enhanced && /^[45]\.1\.[78]$/.test(reply.enhanced)) ||
  SENDER.test(withoutRecipient(reply.text, context.recipient));

/** True when the text, once the recipient's echo is out, names our MAIL FROM, its domain or our HELO name. */
export const namesUs = (reply: SmtpReply, context: ReplyContext = {}): boolean => {
  const text = withoutRecipient(reply.text, context.recipient);
  const senderDomain = context.mailFrom?.slice(context.mailFrom.lastIndexOf('@') + 1);
  return mentions(text, context.mailFrom) || mentions(text, senderDomain) || mentions(text, context.heloName);
};

/** The reply text with the recipient's echo (address, or its domain alone) taken out. */
export const withoutRecipient = (text: string, recipient: string | undefined): string => {
  if (!recipient) return text;
  const domain = recipient.slice(recipient.lastIndexOf('@') + 1);
  return text
    .replace(new RegExp(escapeRegExp(recipient), 'gi'), ' ')
    .replace(new RegExp(escapeRegExp(domain), 'gi'), ' ');
};

const enhancedIs = (reply: SmtpReply, ...codes: string[]): boolean =>
  !!reply.enhanced && codes.includes(reply.enhanced);
const enhancedClass = (reply: SmtpReply, prefix: string): boolean =>
  !!reply.enhanced?.slice(2).startsWith(prefix);

/** The words of a reply: the recipient's echo and any other address taken out. */
const wordsOf = (reply: SmtpReply, recipient: string | undefined): string =>
  withoutRecipient(reply.text, recipient)
    .replace(/<[^>]*>/g, ' ')
    .replace(/[^\s<>"']+@[^\s<>"']+/g, ' ');

/**
 * Classifies a RCPT TO reply: the reply code and enhanced status first, then the words of the
 * text with the recipient's echo taken out (an address like spam@ or a domain like
 * disabled-vets.org says nothing about the reply), in a fixed order so a block ("... blocked using
 * Spamhaus") is never read as "user unknown" and a refusal of our sender never as a mailbox verdict.
 */
export const classifyRcpt = (reply: SmtpReply, context: ReplyContext = {}): RcptVerdict => {
  const { code } = reply;
  if (code === 250 || code === 251) return { kind: 'accepted' };
  const final = (status: VerifyStatus, reason: VerifyReason): RcptVerdict => ({
    kind: 'final',
    status,
    reason,
  });
  const text = wordsOf(reply, context.recipient);
  if (refusesSender(reply, context)) return final('unknown', 'sender_rejected');
  // Connection problems: the server is going away or cannot talk now.
  if (
    code === 421 ||
    (code === 554 && /service unavailable|connection/i.test(text) && !USER_UNKNOWN.test(text))
  )
    return final('unknown', 'connection_failed');
  if (enhancedIs(reply, '4.5.3', '5.5.3') || (code === 452 && TOO_MANY.test(text)))
    return { kind: 'too_many_recipients' };
  // Gmail's rate message is a 4.2.1 on a mailbox that exists; before greylisting and blocks.
  if (GMAIL_RATE.test(text)) return { kind: 'accepted' };
  if ((code === 450 || code === 451) && GREYLIST.test(text)) return { kind: 'greylisted' };
  // Whatever else it says, a refusal that names our sender or HELO is about us.
  if (namesUs(reply, context)) return final('unknown', 'sender_rejected');

  // The enhanced status, when there is one, decides.
  // Gmail's "over quota and inactive" (p=OverQuotaPerm) is an abandoned mailbox, not a full one.
  if ((enhancedClass(reply, '2.2') || FULL.test(text)) && INACTIVE.test(text))
    return final('undeliverable', 'disabled');
  if (enhancedClass(reply, '2.2')) return final('risky', 'mailbox_full');
  if (enhancedIs(reply, '5.2.1')) return final('undeliverable', 'disabled');
  if (enhancedIs(reply, '5.1.1', '5.1.10', '5.1.0', '5.1.6'))
    return final('undeliverable', 'mailbox_not_found');
  if (enhancedIs(reply, '5.4.1') && /recipient address rejected/i.test(text))
    return final('undeliverable', 'mailbox_not_found');
  if (enhancedClass(reply, '7.')) {
    // Policy, with one exception: servers that word "no such user" as 5.7.1.
    return USER_UNKNOWN.test(text) && !BLOCK.test(text)
      ? final('undeliverable', 'mailbox_not_found')
      : final('unknown', 'blocked');
  }
  if (enhancedIs(reply, '5.5.0') && (code === 550 || USER_UNKNOWN.test(text)))
    return final('undeliverable', 'mailbox_not_found');

  // No deciding status: the words, blocks and policy first.
  if (BLOCK.test(text)) return final('unknown', 'blocked');
  if (FULL.test(text)) return final('risky', 'mailbox_full');
  if (code >= 500) {
    if (DISABLED.test(text)) return final('undeliverable', 'disabled');
    if (USER_UNKNOWN.test(text)) return final('undeliverable', 'mailbox_not_found');
    if (code === 550 || code === 551 || code === 553) return final('undeliverable', 'rejected');
    return final('unknown', 'smtp_error');
  }
  if (code === 450 || code === 451) return { kind: 'greylisted' };
  return final('unknown', 'temporary_failure');
};

/** A reply before RCPT (banner, EHLO, MAIL FROM) that ends the session: unknown, with a reason. */
export const classifySessionFailure = (reply: SmtpReply, context: ReplyContext = {}): VerifyReason => {
  if (refusesSender(reply, context) || (reply.code >= 500 && namesUs(reply, context)))
    return 'sender_rejected';
  if (BLOCK.test(wordsOf(reply, undefined)) || enhancedClass(reply, '7.')) return 'blocked';
  if (reply.code === 421) return 'connection_failed';
  if (reply.code === 450 || reply.code === 451) return 'greylisted';
  return 'smtp_error';
};
