import { describe, expect, it } from 'vitest';
import { classifyRcpt } from './classify.js';
import { parseReply } from './reply.js';

const verdict = (...lines: string[]) => classifyRcpt(parseReply(lines));
const final = (status: string, reason: string) => ({ kind: 'final', status, reason });

describe('parseReply', () => {
  it('joins multi-line replies and reads the enhanced code of the first line', () => {
    const reply = parseReply([
      '550-5.1.1 The email account that you tried to reach',
      '550 5.1.1 does not exist.',
    ]);
    expect(reply).toEqual({
      code: 550,
      enhanced: '5.1.1',
      text: 'The email account that you tried to reach\ndoes not exist.',
    });
    expect(parseReply(['250'])).toEqual({ code: 250, enhanced: null, text: '' });
  });
});

describe('classifyRcpt', () => {
  it('accepts 250 and 251', () => {
    expect(verdict('250 2.1.5 OK')).toEqual({ kind: 'accepted' });
    expect(verdict('251 User not local; will forward')).toEqual({ kind: 'accepted' });
  });

  it('reads user unknown from codes and wording', () => {
    expect(verdict('550 5.1.1 <x@acme.com>: Recipient address rejected: User unknown')).toEqual(
      final('undeliverable', 'mailbox_not_found'),
    );
    expect(verdict('550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found')).toEqual(
      final('undeliverable', 'mailbox_not_found'),
    );
    expect(verdict('550 5.4.1 Recipient address rejected: Access denied. AS(201806281)')).toEqual(
      final('undeliverable', 'mailbox_not_found'),
    );
    expect(verdict('550 5.5.0 Requested action not taken: mailbox unavailable')).toEqual(
      final('undeliverable', 'mailbox_not_found'),
    );
    expect(verdict('550 No such user here')).toEqual(final('undeliverable', 'mailbox_not_found'));
    expect(verdict('550 5.7.1 No such user!')).toEqual(final('undeliverable', 'mailbox_not_found'));
  });

  it('checks blocks before user-unknown wording', () => {
    expect(verdict('550 5.7.1 Service unavailable; Client host [192.0.2.1] blocked using Spamhaus')).toEqual(
      final('unknown', 'blocked'),
    );
    expect(verdict('554 5.7.1 Rejected: user unknown, listed at zen.spamhaus.org')).toEqual(
      final('unknown', 'blocked'),
    );
    expect(verdict('550 5.7.606 Access denied, banned sending IP [192.0.2.1]')).toEqual(
      final('unknown', 'blocked'),
    );
    expect(verdict('553 5.7.1 Message rejected due to local policy')).toEqual(final('unknown', 'blocked'));
  });

  it('tells mailbox full (452 4.2.2) from too many recipients (452 4.5.3)', () => {
    expect(verdict('452 4.2.2 The email account that you tried to reach is over quota')).toEqual(
      final('risky', 'mailbox_full'),
    );
    expect(verdict('552 5.2.2 Mailbox full')).toEqual(final('risky', 'mailbox_full'));
    expect(verdict('452 4.5.3 Too many recipients')).toEqual({ kind: 'too_many_recipients' });
    expect(verdict('452 Too many recipients received this hour')).toEqual({ kind: 'too_many_recipients' });
  });

  it('reads disabled accounts', () => {
    expect(verdict('550 5.2.1 The email account that you tried to reach is disabled')).toEqual(
      final('undeliverable', 'disabled'),
    );
    expect(verdict('550 Account has been suspended')).toEqual(final('undeliverable', 'disabled'));
  });

  it("treats Gmail's rate message as a mailbox that exists", () => {
    expect(
      verdict(
        '450-4.2.1 The user you are trying to contact is receiving mail at a rate that',
        '450 4.2.1 prevents additional messages from being delivered.',
      ),
    ).toEqual({ kind: 'accepted' });
  });

  it('reads greylisting and connection problems as not final', () => {
    expect(verdict('450 4.2.0 <x@acme.com>: Recipient address rejected: Greylisted')).toEqual({
      kind: 'greylisted',
    });
    expect(verdict('451 4.7.1 Please try again later')).toEqual({ kind: 'greylisted' });
    expect(verdict('451 Temporary local problem')).toEqual({ kind: 'greylisted' });
    expect(verdict('421 4.4.2 Connection dropped')).toEqual(final('unknown', 'connection_failed'));
  });

  it('reads refusals of our sender or HELO as sender_rejected, never as the mailbox', () => {
    const context = {
      recipient: 'jane@acme.com',
      mailFrom: 'verify@verifier.example',
      heloName: 'mx.verifier.example',
    };
    const sender = final('unknown', 'sender_rejected');
    const of = (line: string) => classifyRcpt(parseReply([line]), context);
    expect(of('550 5.1.8 <verify@verifier.example>: Sender address rejected: Domain not found')).toEqual(
      sender,
    );
    expect(of('450 4.1.8 <verify@verifier.example>: Sender address rejected: Domain not found')).toEqual(
      sender,
    );
    expect(of('553 5.7.1 Sender address rejected: not owned by user')).toEqual(sender);
    expect(of('550 Sender verify failed')).toEqual(sender);
    expect(
      of('504 5.5.2 <mx.verifier.example>: Helo command rejected: need fully-qualified hostname'),
    ).toEqual(sender);
    // Names our HELO: about us, whatever code it carries.
    expect(of('550 5.1.1 mx.verifier.example is not welcome here')).toEqual(sender);
    // The recipient's own echo is not about us.
    expect(of('550 5.1.1 <jane@acme.com>: Recipient address rejected: User unknown')).toEqual(
      final('undeliverable', 'mailbox_not_found'),
    );
  });

  it('matches words only outside the echoed address, after the codes', () => {
    const of = (line: string, recipient: string) => classifyRcpt(parseReply([line]), { recipient });
    const unknown = final('undeliverable', 'mailbox_not_found');
    expect(
      of('550 5.1.1 <spam@acme.com>: Recipient address rejected: User unknown', 'spam@acme.com'),
    ).toEqual(unknown);
    expect(
      of('550 5.1.1 <jo@disabled.org>: Recipient address rejected: User unknown', 'jo@disabled.org'),
    ).toEqual(unknown);
    expect(of('550 policy@acme.com... User unknown', 'policy@acme.com')).toEqual(unknown);
    // The words outside the address still count.
    expect(of('550 <a@acme.com>: rejected, your IP is listed at a blocklist', 'a@acme.com')).toEqual(
      final('unknown', 'blocked'),
    );
  });

  it('reads policy denials without a leading 5.7 as blocks', () => {
    expect(verdict('553 sorry, your mail was administratively denied (#5.7.1)')).toEqual(
      final('unknown', 'blocked'),
    );
    expect(verdict('550 Administrative prohibition')).toEqual(final('unknown', 'blocked'));
    expect(parseReply(['553 sorry, that is denied (#5.7.1)']).enhanced).toBe('5.7.1');
  });
});
