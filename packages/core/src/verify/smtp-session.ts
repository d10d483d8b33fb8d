import { classifyRcpt, classifySessionFailure, type RcptVerdict } from './classify.js';
import { HostBackoff } from './limits.js';
import type { SmtpReply } from './reply.js';
import { SmtpConnection, SmtpIoError } from './smtp-connection.js';
import type { Socks5Proxy } from './socks5.js';
import { needsSmtpUtf8 } from './syntax.js';
import type { SmtpEvidence, VerifyReason } from './types.js';

export interface SmtpTarget {
  /** MX host name. */
  host: string;
  /**
   * Address to connect to, already checked against the private-address rules. The connection cap
   * and the backoff are keyed on it: many MX names can point at one server.
   */
  ip: string;
  port: number;
}

export interface SessionOptions {
  heloName: string;
  mailFrom: string;
  localAddress?: string;
  socksProxy?: Socks5Proxy;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  /** RCPT TO per transaction before RSET (lowered by `452 4.5.3`). */
  maxRcptPerTransaction: number;
  /** Reconnections in a row that answer nothing new before giving up on the rest. */
  maxReconnects: number;
  /** Takes a connection slot for an IP address; the returned function gives it back. */
  acquireHost?: (ip: string) => Promise<() => void>;
  /** Hosts that deferred us with 421; shared across sessions by the verifier. */
  backoff?: HostBackoff;
  /**
   * Stops the session at a safe point: before the next connection or RCPT TO. Recipients not
   * reached get no outcome (the caller leaves them for a later run).
   */
  signal?: AbortSignal;
}

export type RcptOutcome =
  | { kind: 'verdict'; verdict: RcptVerdict; evidence: SmtpEvidence }
  | { kind: 'failed'; reason: VerifyReason; evidence: SmtpEvidence; retryAfterS?: number };

export interface SessionResult {
  outcomes: Map<string, RcptOutcome>;
  /** TCP connections opened (reconnects and MX walks included). */
  connections: number;
  /** RCPT TO commands sent. */
  rcptCommands: number;
}

interface Ready {
  connection: SmtpConnection;
  target: SmtpTarget;
  release: () => void;
  /** The server advertised SMTPUTF8 (RFC 6531): non-ASCII local parts may be asked about. */
  smtputf8: boolean;
}

interface Failure {
  reason: VerifyReason;
  stage: string;
  reply: SmtpReply | null;
  target: SmtpTarget | null;
  tls: boolean;
  message: string | null;
  /** Set when the host deferred us: seconds until it may be asked again. */
  retryAfterS?: number;
}

/** A greeting or EHLO/HELO answer that ends the attempt on this host. */
class Refused {
  constructor(readonly reply: SmtpReply) {}
}

/** A 421 that asks us to come back later (volume, rate): the host is left alone for a while. */
class Deferred {
  constructor(readonly reply: SmtpReply) {}
}

// Postfix's smtpd_hard_error_limit ("421 4.7.0 Error: too many errors") ends one session, nothing
// more: reconnecting to resume is fine. Any other 421 ("deferred due to volume") is a deferral.
const isDeferral = (reply: SmtpReply): boolean => reply.code === 421 && !/too many errors/i.test(reply.text);

/** A 421 mid-session: a deferral, or a drop to resume from. */
const on421 = (reply: SmtpReply): Deferred | SmtpIoError =>
  isDeferral(reply) ? new Deferred(reply) : new SmtpIoError('closed', reply.text);

// EHLO refused as an unknown command (RFC 5321 4.1.1.1): a server from before ESMTP, try HELO.
const HELO_FALLBACK = new Set([500, 501, 502, 504]);

const ioReason = (error: SmtpIoError): VerifyReason =>
  error.kind === 'timeout' ? 'timeout' : 'connection_failed';

/**
 * One SMTP session for one domain: EHLO (HELO if refused), STARTTLS when offered, MAIL FROM, then
 * RCPT TO for every recipient in transactions of bounded size, RSET between them, QUIT. Never DATA.
 * Walks the MX list when a host is down and reconnects to resume when a server drops mid-batch.
 */
export const runSmtpSession = async (
  targets: SmtpTarget[],
  recipients: string[],
  options: SessionOptions,
): Promise<SessionResult> => {
  const outcomes = new Map<string, RcptOutcome>();
  const identity = { mailFrom: options.mailFrom, heloName: options.heloName };
  const backoff = options.backoff ?? new HostBackoff(60_000);
  const retryAfterS = (until: number) => Math.max(1, Math.ceil((until - Date.now()) / 1000));
  let connections = 0;
  let rcptCommands = 0;
  let mxIndex = 0;
  let stalls = 0;
  let batchLimit = options.maxRcptPerTransaction;
  let index = 0;
  let lastFailure: Failure = {
    reason: 'connection_failed',
    stage: 'connect',
    reply: null,
    target: null,
    tls: false,
    message: 'no mail host',
  };

  const evidence = (
    target: SmtpTarget | null,
    tls: boolean,
    stage: string,
    reply: SmtpReply | null,
    message?: string | null,
  ) => ({
    host: target?.host ?? '',
    port: target?.port ?? 0,
    tls,
    stage,
    code: reply?.code ?? null,
    enhanced_code: reply?.enhanced ?? null,
    message: reply ? reply.text : (message ?? null),
    attempts: connections,
  });

  const failRest = (failure: Failure): void => {
    for (; index < recipients.length; index++) {
      const email = recipients[index] as string;
      outcomes.set(email, {
        kind: 'failed',
        reason: failure.reason,
        evidence: evidence(failure.target, failure.tls, failure.stage, failure.reply, failure.message),
        ...(failure.retryAfterS ? { retryAfterS: failure.retryAfterS } : {}),
      });
    }
  };

  // Hosts whose TLS handshake failed: retried once in plain text, as mail servers do.
  const plainOnly = new Set<string>();

  // Opens a greeted (and, when offered, encrypted) connection, walking the MX list from mxIndex.
  const openReady = async (): Promise<Ready | null> => {
    for (; mxIndex < targets.length; mxIndex++) {
      const target = targets[mxIndex] as SmtpTarget;
      const until = backoff.until(target.ip);
      if (until) {
        // Deferred us a moment ago: leave it alone (the 421 itself stays the evidence).
        if (lastFailure.target?.ip !== target.ip || !lastFailure.retryAfterS)
          lastFailure = {
            reason: 'temporary_failure',
            stage: 'connect',
            reply: null,
            target,
            tls: false,
            message: 'this host deferred an earlier session (421); not contacted until its backoff ends',
            retryAfterS: retryAfterS(until),
          };
        continue;
      }
      const release = (await options.acquireHost?.(target.ip)) ?? (() => {});
      let connection: SmtpConnection | null = null;
      let stage = 'connect';
      try {
        connections++;
        connection = await SmtpConnection.open({
          host: target.ip,
          port: target.port,
          localAddress: options.localAddress,
          socksProxy: options.socksProxy,
          connectTimeoutMs: options.connectTimeoutMs,
          commandTimeoutMs: options.commandTimeoutMs,
        });
        const banner = await connection.read();
        if (banner.code !== 220) throw new Refused(banner);
        stage = 'ehlo';
        let hello = await connection.command(`EHLO ${options.heloName}`);
        if (hello.code !== 250 && !HELO_FALLBACK.has(hello.code)) throw new Refused(hello);
        if (hello.code !== 250) {
          stage = 'helo';
          hello = await connection.command(`HELO ${options.heloName}`);
          if (hello.code !== 250) throw new Refused(hello);
        } else if (/^STARTTLS\b/im.test(hello.text) && !plainOnly.has(target.host)) {
          stage = 'starttls';
          const start = await connection.command('STARTTLS');
          if (start.code === 220) {
            stage = 'tls';
            await connection.upgrade(target.host);
            stage = 'ehlo';
            hello = await connection.command(`EHLO ${options.heloName}`);
            if (hello.code !== 250) throw new Refused(hello);
          }
          // A refused STARTTLS leaves the plain session usable; carry on without TLS.
        }
        return { connection, target, release, smtputf8: /^SMTPUTF8\b/im.test(hello.text) };
      } catch (error) {
        // A refusal in words gets a QUIT (RFC 5321 3.1: a 554 greeting waits for one); the rest a close.
        if (error instanceof Refused) connection?.quit();
        else connection?.close();
        release();
        if (error instanceof SmtpIoError && stage === 'tls' && !plainOnly.has(target.host)) {
          plainOnly.add(target.host);
          mxIndex--; // the same host again, without STARTTLS
          continue;
        }
        if (error instanceof SmtpIoError) {
          lastFailure = {
            reason: ioReason(error),
            stage,
            reply: null,
            target,
            tls: connection?.tls ?? false,
            message: error.message,
          };
        } else if (error instanceof Refused) {
          const reply = error.reply;
          lastFailure = {
            reason: classifySessionFailure(reply, identity),
            stage,
            reply,
            target,
            tls: connection?.tls ?? false,
            message: null,
          };
          if (isDeferral(reply)) {
            lastFailure.reason = 'temporary_failure';
            lastFailure.retryAfterS = retryAfterS(backoff.defer(target.ip));
          } else if (stage === 'connect' && reply.code === 554) {
            // Refused at the greeting: this server will not talk to us. QUIT, and no other MX.
            mxIndex = targets.length;
            break;
          }
        } else {
          throw error;
        }
      }
    }
    return null;
  };

  const stopped = () => options.signal?.aborted === true;
  while (index < recipients.length && !stopped()) {
    const ready = await openReady();
    if (!ready) {
      failRest(lastFailure);
      break;
    }
    const { connection, target, release, smtputf8 } = ready;
    const indexAtStart = index;
    let stage = 'mail';
    try {
      while (index < recipients.length) {
        stage = 'mail';
        // RFC 6531 3.4: a transaction with a non-ASCII address declares it in MAIL FROM.
        const utf8 = smtputf8 && recipients.slice(index).some(needsSmtpUtf8) ? ' SMTPUTF8' : '';
        const mail = await connection.command(`MAIL FROM:<${options.mailFrom}>${utf8}`);
        if (mail.code === 421) throw on421(mail);
        if (mail.code !== 250) {
          failRest({
            reason: classifySessionFailure(mail, identity),
            stage,
            reply: mail,
            target,
            tls: connection.tls,
            message: null,
          });
          break;
        }
        stage = 'rcpt';
        let inTransaction = 0;
        while (index < recipients.length && inTransaction < batchLimit && !stopped()) {
          const email = recipients[index] as string;
          if (!smtputf8 && needsSmtpUtf8(email)) {
            // Asking anyway would be a syntax error at best: say why it was not checked.
            outcomes.set(email, {
              kind: 'failed',
              reason: 'smtputf8_unsupported',
              evidence: evidence(
                target,
                connection.tls,
                'rcpt',
                null,
                'the server does not advertise SMTPUTF8, so a non-ASCII local part cannot be checked',
              ),
            });
            index++;
            continue;
          }
          rcptCommands++;
          const reply = await connection.command(`RCPT TO:<${email}>`);
          if (reply.code === 421) throw on421(reply);
          const verdict = classifyRcpt(reply, { ...identity, recipient: email });
          if (verdict.kind === 'too_many_recipients' && inTransaction > 0) {
            // The server's limit: the rest goes into the next transaction.
            batchLimit = inTransaction;
            break;
          }
          const final: RcptVerdict =
            verdict.kind === 'too_many_recipients'
              ? { kind: 'final', status: 'unknown', reason: 'temporary_failure' }
              : verdict;
          outcomes.set(email, {
            kind: 'verdict',
            verdict: final,
            evidence: evidence(target, connection.tls, 'rcpt', reply),
          });
          index++;
          inTransaction++;
          if (final.kind === 'final' && final.reason === 'sender_rejected') {
            // Every other recipient would get the same refusal of our sender: do not ask.
            failRest({
              reason: final.reason,
              stage: 'rcpt',
              reply,
              target,
              tls: connection.tls,
              message: null,
            });
          }
        }
        if (stopped()) break;
        if (index < recipients.length) {
          stage = 'rset';
          const reset = await connection.command('RSET');
          if (reset.code === 421) throw on421(reset);
          if (reset.code !== 250) throw new SmtpIoError('closed', `RSET refused: ${reset.code}`);
        }
      }
      connection.quit();
      backoff.clear(target.ip);
    } catch (error) {
      connection.close();
      if (error instanceof Deferred) {
        lastFailure = {
          reason: 'temporary_failure',
          stage,
          reply: error.reply,
          target,
          tls: connection.tls,
          message: null,
          retryAfterS: retryAfterS(backoff.defer(target.ip)),
        };
        continue; // on to the next MX not backing off, or the rest fail with this
      }
      if (!(error instanceof SmtpIoError)) throw error;
      lastFailure = {
        reason: ioReason(error),
        stage,
        reply: null,
        target,
        tls: connection.tls,
        message: error.message,
      };
      // A server that cuts every session after N errors (Postfix's hard error limit) still makes
      // progress; only drops that answered nothing new count against the budget.
      stalls = index > indexAtStart ? 0 : stalls + 1;
      if (stalls > options.maxReconnects) failRest(lastFailure);
    } finally {
      // The host slot stays taken until the server has really closed: the cap is what it sees.
      void connection.whenClosed(options.commandTimeoutMs).then(release);
    }
  }
  return { outcomes, connections, rcptCommands };
};
