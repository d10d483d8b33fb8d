import { randomBytes } from 'node:crypto';
import { createMemoryCache, getAddresses, setAddresses, type VerifyCache } from './cache.js';
import { namesUs, refusesSender } from './classify.js';
import {
  createAllowList,
  createDnsClient,
  type DnsClient,
  DnsTemporaryError,
  isPrivateAddress,
} from './dns.js';
import { isDisposableDomain, isFreeDomain, isRoleAccount } from './flags.js';
import { checkIdentity as checkIdentityOf } from './identity.js';
import { HostBackoff, KeyedSemaphore, mapPool, Pacer } from './limits.js';
import { isUnverifiableProvider, providerForMx } from './provider.js';
import { scoreFor } from './score.js';
import { type RcptOutcome, runSmtpSession, type SmtpTarget } from './smtp-session.js';
import type { Socks5Proxy } from './socks5.js';
import { parseAddress } from './syntax.js';
import type {
  CatchAllFact,
  DomainBlock,
  DomainDns,
  SmtpEvidence,
  VerifyFlags,
  VerifyReason,
  VerifyResult,
  VerifyStatus,
} from './types.js';
import { suggestDomain } from './typo.js';

export interface VerifierConfig {
  /** Our name in EHLO/HELO; should match the sending IP's reverse DNS. */
  heloName: string;
  /** The envelope sender in MAIL FROM. */
  mailFrom: string;
  /** SMTP port (25 in production). */
  smtpPort?: number;
  /** Port per MX host name, for tests that run several servers on loopback. */
  smtpPortFor?: (host: string) => number | undefined;
  /** DNS servers as `ip` or `ip:port`; the system's when absent. */
  dnsServers?: string[];
  /** Local address to bind outgoing connections to. */
  sourceAddress?: string;
  socksProxy?: Socks5Proxy;
  timeouts?: { dnsMs?: number; connectMs?: number; commandMs?: number };
  /** RCPT TO per transaction (about 20 real addresses, plus the catch-all probe). */
  maxRcptPerTransaction?: number;
  /** Domains verified in parallel. */
  domainConcurrency?: number;
  /** Simultaneous connections to one mail server (IP address), however many MX names point at it. */
  perHostConnections?: number;
  /** How long a server that deferred us (421) is left alone; doubles per deferral in a row, up to 16x. */
  deferBackoffMs?: number;
  /** Minimum milliseconds between session starts per provider, e.g. `{ microsoft365: 250 }`. */
  providerPaceMs?: Record<string, number>;
  /** Private addresses or CIDR ranges that may be contacted anyway (tests on loopback). */
  allowPrivate?: string[];
  cache?: VerifyCache;
  /**
   * Times to live. `dnsFailure`: how long a domain whose DNS lookup failed temporarily (SERVFAIL,
   * timeout, unreachable resolver) answers unknown/dns_error without a new lookup; in this process
   * only, never in `cache` (default 30 s, see DNS_FAILURE_TTL_MS).
   */
  ttlMs?: { domain?: number; catchAll?: number; address?: number; dnsFailure?: number };
  /** The clock for the DNS failure window (tests). */
  now?: () => number;
  maxReconnects?: number;
  /** Time budget of a synchronous request (`verify(emails, { sync: true })`); default 20 s. */
  syncDeadlineMs?: number;
  /** Seconds a synchronous caller is told to wait before retrying a greylisted address. */
  greylistRetryAfterS?: number;
  random?: () => number;
}

export interface VerifyOptions {
  /** Read cached per-address results (default true). Domain facts are always cached. */
  useCache?: boolean;
  /**
   * Cached per-address results the caller already read from the database cache (with a read of its
   * own, in the same statement): a domain whose addresses are all here is not read again.
   */
  cached?: ReadonlyMap<string, VerifyResult>;
  /**
   * A synchronous request: answer within the configured `syncDeadlineMs`. Addresses unfinished by
   * then answer unknown/timeout; their checks go on and store the verdict in the cache.
   */
  sync?: boolean;
  /** An explicit deadline in milliseconds (overrides `sync`). */
  deadlineMs?: number;
  /**
   * Stops at a safe point (before a domain starts, between RCPT TO commands): addresses not
   * finished are left out of the answer (their slots are undefined).
   */
  signal?: AbortSignal;
}

export interface VerifierStats {
  sessions: number;
  /** Most SMTP sessions in flight at once. */
  peakSessions: number;
  connections: number;
  rcptCommands: number;
  probes: number;
  dnsLookups: number;
}

export interface Verifier {
  verify(emails: string[], options?: Omit<VerifyOptions, 'signal'>): Promise<VerifyResult[]>;
  /** With a signal: the slots of addresses not finished when it fired are undefined. */
  verify(emails: string[], options: VerifyOptions): Promise<Array<VerifyResult | undefined>>;
  /**
   * What is wrong with the HELO name and MAIL FROM (form, then DNS); empty when SMTP checks may
   * run. While it is not empty every address that needs SMTP answers unknown/sender_misconfigured.
   */
  checkIdentity(): Promise<string[]>;
  stats(): VerifierStats;
}

const HOUR = 3_600_000;

/**
 * A temporary DNS failure is remembered this long, as resolvers do (RFC 2308 section 7.1 allows
 * caching a server failure for up to 5 minutes): a burst of requests for one failing domain does one
 * lookup, and the domain is tried again soon. The answer stays unknown/dns_error, never a verdict.
 */
export const DNS_FAILURE_TTL_MS = 30_000;
/** Domains remembered as failing at most; the oldest is forgotten first. */
const DNS_FAILURE_MAX = 10_000;

interface Pending {
  input: string;
  email: string;
  local: string;
  domain: string;
  flags: VerifyFlags;
  suggestion: string | null;
}

/** The catch-all probe: a local part no person has, that looks like any other address. */
const probeAddress = (domain: string): string => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const bytes = randomBytes(11);
  const local = Array.from(bytes, (byte, i) => (i < 3 ? letters[byte % 26] : (byte % 36).toString(36))).join(
    '',
  );
  return `${local}@${domain}`;
};

export const createVerifier = (config: VerifierConfig): Verifier => {
  const cache = config.cache ?? createMemoryCache();
  const timeouts = { dnsMs: 5_000, connectMs: 10_000, commandMs: 30_000, ...config.timeouts };
  const ttl = {
    domain: HOUR,
    catchAll: 24 * HOUR,
    address: 24 * HOUR,
    dnsFailure: DNS_FAILURE_TTL_MS,
    ...config.ttlMs,
  };
  const now = config.now ?? Date.now;
  const dns: DnsClient = createDnsClient({
    servers: config.dnsServers,
    timeoutMs: timeouts.dnsMs,
    random: config.random,
  });
  const syncDeadlineMs = config.syncDeadlineMs ?? 20_000;
  const allowed = createAllowList(config.allowPrivate ?? []);
  const hosts = new KeyedSemaphore(config.perHostConnections ?? 3);
  const backoff = new HostBackoff(config.deferBackoffMs ?? 60_000);
  const pacer = new Pacer(config.providerPaceMs ?? {});
  let active = 0;
  const stats: VerifierStats = {
    sessions: 0,
    peakSessions: 0,
    connections: 0,
    rcptCommands: 0,
    probes: 0,
    dnsLookups: 0,
  };

  const result = (
    pending: { input: string; email: string | null; flags: VerifyFlags; suggestion: string | null },
    status: VerifyStatus,
    reason: VerifyReason,
    started: number,
    extra: { domain?: DomainBlock | null; smtp?: SmtpEvidence | null; retryAfter?: number } = {},
  ): VerifyResult => ({
    input: pending.input,
    email: pending.email,
    status,
    reason,
    score: scoreFor(status, reason, pending.flags),
    flags: pending.flags,
    suggestion: pending.suggestion,
    domain: extra.domain ?? null,
    smtp: extra.smtp ?? null,
    retry_after_s:
      reason === 'greylisted'
        ? (extra.retryAfter ?? config.greylistRetryAfterS ?? 300)
        : (extra.retryAfter ?? null),
    checked_at: new Date().toISOString(),
    duration_ms: Date.now() - started,
    cached: false,
  });

  // Checked once; again later only when DNS could not answer (a name that does not exist is final).
  let identityCheck: Promise<string[]> | null = null;
  const checkIdentity = (): Promise<string[]> => {
    identityCheck ??= checkIdentityOf({ heloName: config.heloName, mailFrom: config.mailFrom }, dns).then(
      ({ problems, dnsAnswered }) => {
        if (!dnsAnswered) identityCheck = null;
        return problems;
      },
      (error) => {
        identityCheck = null;
        throw error;
      },
    );
    return identityCheck;
  };

  // Domains whose lookup failed temporarily, until when (in this process only: `cache` keeps
  // definite facts), and the lookups in flight, shared by the requests that ask meanwhile.
  const failing = new Map<string, number>();
  const lookups = new Map<string, Promise<DomainDns | 'temporary'>>();

  const lookUp = async (domain: string): Promise<DomainDns | 'temporary'> => {
    try {
      stats.dnsLookups++;
      const facts = await dns.lookupDomain(domain);
      await cache.setDomain(domain, facts, ttl.domain);
      return facts;
    } catch (error) {
      if (!(error instanceof DnsTemporaryError)) throw error;
      if (ttl.dnsFailure > 0) {
        failing.delete(domain);
        if (failing.size >= DNS_FAILURE_MAX) failing.delete(failing.keys().next().value as string);
        failing.set(domain, now() + ttl.dnsFailure);
      }
      return 'temporary';
    }
  };

  const domainFacts = async (domain: string): Promise<DomainDns | 'temporary'> => {
    const until = failing.get(domain);
    if (until !== undefined) {
      if (until > now()) return 'temporary';
      failing.delete(domain);
    }
    const cached = await cache.getDomain(domain);
    if (cached) return cached;
    let lookup = lookups.get(domain);
    if (!lookup) {
      lookup = lookUp(domain).finally(() => lookups.delete(domain));
      lookups.set(domain, lookup);
    }
    return lookup;
  };

  // Resolves MX hosts to addresses we may contact; `private` when every address found is private.
  const targetsFor = async (
    mx: { host: string }[],
  ): Promise<SmtpTarget[] | 'private' | 'none' | 'temporary'> => {
    const targets: SmtpTarget[] = [];
    let sawPrivate = false;
    let sawTemporary = false;
    for (const { host } of mx) {
      let addresses: string[];
      try {
        addresses = await dns.hostAddresses(host);
      } catch (error) {
        if (!(error instanceof DnsTemporaryError)) throw error;
        sawTemporary = true;
        continue;
      }
      const usable = addresses.filter((ip) => !isPrivateAddress(ip) || allowed(ip));
      if (usable.length < addresses.length) sawPrivate = true;
      const ip = usable[0];
      if (ip) targets.push({ host, ip, port: config.smtpPortFor?.(host) ?? config.smtpPort ?? 25 });
    }
    if (targets.length) return targets;
    return sawTemporary ? 'temporary' : sawPrivate ? 'private' : 'none';
  };

  // A typo fix is offered only when the typed domain receives no mail and the fix does: a company
  // at ge.com or aon.com is not a misspelt me.com or aol.com.
  const typoFix = async (domain: string, facts: DomainDns | 'temporary'): Promise<string | null> => {
    if (facts === 'temporary' || facts.kind === 'ok') return null;
    const candidate = suggestDomain(domain);
    if (!candidate) return null;
    const fixed = await domainFacts(candidate);
    return fixed !== 'temporary' && fixed.kind === 'ok' ? candidate : null;
  };

  const verifyDomain = async (
    domain: string,
    group: Pending[],
    started: number,
    signal?: AbortSignal,
  ): Promise<VerifyResult[]> => {
    const facts = await domainFacts(domain);
    const fix = await typoFix(domain, facts);
    if (fix) for (const pending of group) pending.suggestion = `${pending.local}@${fix}`;
    const block: DomainBlock = {
      name: domain,
      mx_source: null,
      mx: [],
      provider: null,
      accept_all: { value: null, checked_at: null, cached: false },
    };
    const all = (status: VerifyStatus, reason: VerifyReason, smtp: SmtpEvidence | null = null) =>
      group.map((pending) => result(pending, status, reason, started, { domain: block, smtp }));
    if (facts === 'temporary') return all('unknown', 'dns_error');
    if (facts.kind !== 'ok') return all('undeliverable', facts.kind);
    block.mx_source = facts.source;
    block.mx = facts.mx;
    block.provider = providerForMx(facts.mx.map((record) => record.host));
    if (isUnverifiableProvider(block.provider)) return all('unknown', 'provider_unverifiable');
    if (isDisposableDomain(domain)) return all('risky', 'disposable');

    const targets = await targetsFor(facts.mx);
    if (targets === 'temporary') return all('unknown', 'dns_error');
    if (targets === 'private') return all('unknown', 'private_mx');
    if (targets === 'none') return all('undeliverable', 'no_mx');

    // A server that refuses our names would answer every recipient with that refusal.
    if ((await checkIdentity()).length) return all('unknown', 'sender_misconfigured');

    const knownCatchAll: CatchAllFact | undefined = await cache.getCatchAll(domain);
    const probe = knownCatchAll ? null : probeAddress(domain);
    const recipients = group.map((pending) => pending.email);
    if (probe) recipients.push(probe);

    await pacer.wait(block.provider);
    stats.peakSessions = Math.max(stats.peakSessions, ++active);
    const session = await runSmtpSession(targets, recipients, {
      heloName: config.heloName,
      mailFrom: config.mailFrom,
      localAddress: config.sourceAddress,
      socksProxy: config.socksProxy,
      connectTimeoutMs: timeouts.connectMs,
      commandTimeoutMs: timeouts.commandMs,
      maxRcptPerTransaction: config.maxRcptPerTransaction ?? 20,
      maxReconnects: config.maxReconnects ?? 2,
      acquireHost: (ip) => hosts.acquire(ip),
      backoff,
      signal,
    }).finally(() => active--);
    stats.sessions++;
    stats.connections += session.connections;
    stats.rcptCommands += session.rcptCommands;

    // Cut short by the signal before the catch-all probe was answered (it goes last): the
    // accepted addresses cannot be told from a catch-all yet, so the whole domain waits.
    if (signal?.aborted && probe && !session.outcomes.has(probe)) return [];

    let acceptAll: boolean | null = knownCatchAll?.acceptAll ?? null;
    if (knownCatchAll)
      block.accept_all = { value: acceptAll, checked_at: knownCatchAll.checkedAt, cached: true };
    if (probe) {
      stats.probes++;
      const verdict = probeVerdict(session.outcomes.get(probe));
      if (verdict !== null) {
        acceptAll = verdict;
        const fact = { acceptAll: verdict, checkedAt: new Date().toISOString() };
        await cache.setCatchAll(domain, fact, ttl.catchAll);
        block.accept_all = { value: verdict, checked_at: fact.checkedAt, cached: false };
      }
    }

    const reached = signal?.aborted ? group.filter((p) => session.outcomes.has(p.email)) : group;
    return reached.map((pending) => {
      const flags = { ...pending.flags, accept_all: acceptAll };
      const item = { ...pending, flags };
      const outcome = session.outcomes.get(pending.email);
      if (!outcome) return result(item, 'unknown', 'smtp_error', started, { domain: block });
      const smtp = outcome.evidence;
      if (outcome.kind === 'failed')
        return result(item, 'unknown', outcome.reason, started, {
          domain: block,
          smtp,
          retryAfter: outcome.retryAfterS,
        });
      const verdict = outcome.verdict;
      switch (verdict.kind) {
        case 'accepted':
          return acceptAll
            ? result(item, 'risky', 'accept_all', started, { domain: block, smtp })
            : result(item, 'deliverable', 'accepted', started, { domain: block, smtp });
        case 'greylisted':
          return result(item, 'unknown', 'greylisted', started, { domain: block, smtp });
        case 'final':
          return result(item, verdict.status, verdict.reason, started, { domain: block, smtp });
        default:
          return result(item, 'unknown', 'temporary_failure', started, { domain: block, smtp });
      }
    });
  };

  // A result whose SMTP evidence refused our sender or HELO says nothing about the mailbox: never
  // served from the cache (entries written before this rule included) and never stored.
  const isAboutUs = (result: VerifyResult): boolean => {
    if (result.reason === 'sender_rejected') return true;
    const smtp = result.smtp;
    if (!smtp?.code || smtp.code < 400) return false;
    const reply = { code: smtp.code, enhanced: smtp.enhanced_code, text: smtp.message ?? '' };
    const context = {
      recipient: result.email ?? undefined,
      mailFrom: config.mailFrom,
      heloName: config.heloName,
    };
    return refusesSender(reply, context) || namesUs(reply, context);
  };

  const verify = async (emails: string[], options: VerifyOptions = {}): Promise<VerifyResult[]> => {
    const started = Date.now();
    const { signal } = options;
    const out: Array<VerifyResult | undefined> = new Array(emails.length);
    const byDomain = new Map<string, Map<string, Pending>>();
    const slots = new Map<string, number[]>();
    for (const [index, input] of emails.entries()) {
      const parsed = parseAddress(input);
      if (!parsed.ok) {
        const flags = { role: null, free: null, disposable: null, accept_all: null };
        out[index] = result(
          { input, email: null, flags, suggestion: null },
          'undeliverable',
          'invalid_syntax',
          started,
        );
        continue;
      }
      const { email, local, domain } = parsed.value;
      const list = slots.get(email) ?? [];
      list.push(index);
      slots.set(email, list);
      const group = byDomain.get(domain) ?? new Map<string, Pending>();
      byDomain.set(domain, group);
      if (group.has(email)) continue;
      const flags = {
        role: isRoleAccount(local),
        free: isFreeDomain(domain),
        disposable: isDisposableDomain(domain),
        accept_all: null,
      };
      group.set(email, { input, email, local, domain, flags, suggestion: null });
    }

    const useCache = options.useCache ?? true;
    const finished: VerifyResult[] = [];
    const work = mapPool([...byDomain.entries()], config.domainConcurrency ?? 20, async ([domain, group]) => {
      if (signal?.aborted) return;
      const todo: Pending[] = [];
      const keys = [...group.keys()];
      const given = options.cached;
      const hits = !useCache
        ? new Map<string, VerifyResult>()
        : given && keys.every((email) => given.has(email))
          ? given
          : await getAddresses(cache, keys);
      for (const pending of group.values()) {
        const hit = hits.get(pending.email);
        if (hit && !isAboutUs(hit))
          finished.push({ ...hit, input: pending.input, cached: true, duration_ms: Date.now() - started });
        else todo.push(pending);
      }
      if (!todo.length) return;
      const fresh = await verifyDomain(domain, todo, started, signal);
      finished.push(...fresh);
      const keep = fresh.flatMap((r) =>
        r.email && r.status !== 'unknown' && !isAboutUs(r) ? [[r.email, r] as const] : [],
      );
      await setAddresses(cache, keep, ttl.address);
    });
    const deadlineMs = options.deadlineMs ?? (options.sync ? syncDeadlineMs : undefined);
    let done = finished;
    if (deadlineMs === undefined) await work;
    else {
      // Past the deadline the caller gets what is finished; the rest goes on and lands in the cache.
      let timer: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        work.then(() => false),
        new Promise<true>((resolve) => {
          timer = setTimeout(() => resolve(true), deadlineMs);
        }),
      ]).finally(() => clearTimeout(timer));
      if (late) {
        work.catch(() => {}); // only the cache misses a verdict that failed in the background
        done = [...finished];
        const answered = new Set(done.map((item) => item.email));
        for (const group of byDomain.values())
          for (const pending of group.values())
            if (!answered.has(pending.email)) done.push(result(pending, 'unknown', 'timeout', started));
      }
    }
    for (const item of done) {
      for (const index of slots.get(item.email ?? '') ?? [])
        out[index] = { ...item, input: emails[index] ?? item.input };
    }
    return out as VerifyResult[];
  };

  return { verify: verify as Verifier['verify'], checkIdentity, stats: () => ({ ...stats }) };
};

// The probe tells catch-all apart: accepted -> accepts everything; rejected as unknown -> it does not.
const probeVerdict = (outcome: RcptOutcome | undefined): boolean | null => {
  if (outcome?.kind !== 'verdict') return null;
  const verdict = outcome.verdict;
  if (verdict.kind === 'accepted') return true;
  if (verdict.kind === 'final' && verdict.status === 'undeliverable') return false;
  return null;
};
