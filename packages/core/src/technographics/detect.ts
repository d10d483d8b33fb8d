import { type CompiledRule, compiledRules } from './compile.js';
import { type ScannedPage, scanHtml } from './html-scan.js';
import type { DetectedBy, Detection } from './types.js';

export interface DnsRecords {
  mx?: Array<string | { exchange: string; priority?: number }>;
  /** Every TXT record of the domain; SPF includes are read from the `v=spf1` one. */
  txt?: string[];
  /** SPF `include:` / `redirect=` hosts, when already parsed. */
  spf?: string[];
  ns?: string[];
  /** CNAME targets, bare or with the name that pointed there (`{ name: 'www.acme.com', target }`). */
  cname?: Array<string | { name: string; target: string }>;
}

export interface HttpEvidence {
  /** Response headers (any case; arrays allowed, `set-cookie` read for cookie names). */
  headers?: Record<string, string | string[] | undefined>;
  /** Cookie names or raw `Set-Cookie` lines. */
  cookies?: string[];
  html?: string;
  /** A page already scanned, to skip scanning `html` again. */
  page?: ScannedPage;
}

const shorten = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Hosts named by `include:` and `redirect=` in the domain's SPF record(s). */
export const spfIncludes = (txt: readonly string[]): string[] => {
  const hosts: string[] = [];
  for (const record of txt) {
    if (!/^v=spf1(\s|$)/i.test(record.trim())) continue;
    for (const token of record.trim().split(/\s+/)) {
      const match = token.match(/^[+~?-]?(?:include:|redirect=)(.+)$/i);
      if (match?.[1]) hosts.push(match[1].toLowerCase().replace(/\.$/, ''));
    }
  }
  return hosts;
};

class Collector {
  readonly found = new Map<string, Detection>();
  add(rule: CompiledRule, by: DetectedBy, evidence: string) {
    const key = `${rule.rule.slug}:${by}`;
    if (this.found.has(key)) return;
    const { name, slug, category } = rule.rule;
    this.found.set(key, { name, slug, category, detected_by: by, evidence: shorten(evidence) });
  }
}

/** Technologies seen in DNS: one entry per technology and record kind. */
export const detectFromDns = (records: DnsRecords, rules: CompiledRule[] = compiledRules()): Detection[] => {
  const out = new Collector();
  const mx = (records.mx ?? []).map((r) => (typeof r === 'string' ? r : r.exchange).toLowerCase());
  const txt = records.txt ?? [];
  const spf = [...(records.spf ?? []), ...spfIncludes(txt)];
  const ns = (records.ns ?? []).map((n) => n.toLowerCase());
  const cname = (records.cname ?? []).map((c) => (typeof c === 'string' ? { name: '', target: c } : c));
  for (const rule of rules) {
    for (const host of mx) if (rule.mx.some((p) => p.test(host))) out.add(rule, 'mx', `MX ${host}`);
    for (const host of spf)
      if (rule.spf.some((p) => p.test(host))) out.add(rule, 'spf', `SPF include:${host}`);
    for (const record of txt) {
      const lower = record.trim().toLowerCase();
      if (rule.txt.some((prefix) => lower.startsWith(prefix))) out.add(rule, 'txt', `TXT ${record.trim()}`);
    }
    for (const host of ns) if (rule.ns.some((p) => p.test(host))) out.add(rule, 'ns', `NS ${host}`);
    for (const { name, target } of cname) {
      if (rule.cname.some((p) => p.test(target)))
        out.add(rule, 'cname', `CNAME ${name ? `${name} -> ` : ''}${target}`);
    }
  }
  return [...out.found.values()];
};

const headerValues = (headers: HttpEvidence['headers'] = {}): Map<string, string[]> => {
  const map = new Map<string, string[]>();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    map.set(name.toLowerCase(), Array.isArray(value) ? value : [value]);
  }
  return map;
};

const cookieNames = (evidence: HttpEvidence, headers: Map<string, string[]>): string[] => {
  const lines = [...(evidence.cookies ?? []), ...(headers.get('set-cookie') ?? [])];
  return [...new Set(lines.map((line) => (line.split(/[=;]/)[0] ?? '').trim()).filter(Boolean))];
};

const firstMatch = (patterns: RegExp[], values: readonly string[]): string | null => {
  for (const value of values) if (patterns.some((p) => p.test(value))) return value;
  return null;
};

/** Characters of the page searched by `html` patterns; the rest is not worth the time. */
const htmlScanLimit = 512 * 1024;

/** Technologies seen on a page and its response: one entry per technology and kind of evidence. */
export const detectFromHttp = (
  evidence: HttpEvidence,
  rules: CompiledRule[] = compiledRules(),
): Detection[] => {
  const out = new Collector();
  const headers = headerValues(evidence.headers);
  const cookies = cookieNames(evidence, headers);
  const html = (evidence.html ?? '').slice(0, htmlScanLimit);
  const page = evidence.page ?? scanHtml(evidence.html ?? '');
  const linkHrefs = page.links.map((l) => l.href);
  for (const rule of rules) {
    for (const [name, pattern] of rule.headers) {
      const values = headers.get(name);
      if (!values) continue;
      const hit = pattern ? values.find((v) => pattern.test(v)) : values[0];
      if (hit !== undefined) out.add(rule, 'header', `${name}: ${hit}`);
    }
    const cookie = firstMatch(rule.cookies, cookies);
    if (cookie) out.add(rule, 'cookie', `cookie ${cookie}`);
    for (const [name, pattern] of rule.meta) {
      const tag = page.meta.find((m) => m.name === name && pattern.test(m.content));
      if (tag) out.add(rule, 'meta', `<meta name="${name}" content="${tag.content}">`);
    }
    const script = firstMatch(rule.script, page.scripts);
    if (script) out.add(rule, 'script', script);
    const link = firstMatch(rule.link, linkHrefs);
    if (link) out.add(rule, 'html', `<link href="${link}">`);
    for (const pattern of rule.html) {
      const match = pattern.exec(html);
      if (match) {
        out.add(rule, 'html', snippet(html, match.index, match[0].length));
        break;
      }
    }
    const jsonld = firstMatch(rule.jsonld, page.jsonLd);
    if (jsonld) {
      const pattern = rule.jsonld.find((p) => p.test(jsonld)) as RegExp;
      out.add(rule, 'jsonld', `JSON-LD ${jsonld.match(pattern)?.[0] ?? ''}`);
    }
  }
  return [...out.found.values()];
};

const snippet = (text: string, index: number, length: number) =>
  text
    .slice(Math.max(0, index - 30), index + length + 30)
    .replace(/\s+/g, ' ')
    .trim();

const strength: DetectedBy[] = [
  'mx',
  'txt',
  'spf',
  'cname',
  'ns',
  'header',
  'meta',
  'script',
  'cookie',
  'jsonld',
  'html',
];

export interface MergedDetection extends Detection {
  /** Every kind of evidence found for this technology, strongest first. */
  signals: Array<{ detected_by: DetectedBy; evidence: string }>;
}

/** One entry per technology: the strongest evidence leads, the rest is kept in `signals`. */
export const mergeDetections = (...lists: Detection[][]): MergedDetection[] => {
  const bySlug = new Map<string, Detection[]>();
  for (const detection of lists.flat()) {
    const list = bySlug.get(detection.slug) ?? [];
    list.push(detection);
    bySlug.set(detection.slug, list);
  }
  return [...bySlug.values()]
    .map((list) => {
      const sorted = [...list].sort(
        (a, b) => strength.indexOf(a.detected_by) - strength.indexOf(b.detected_by),
      );
      const best = sorted[0] as Detection;
      return { ...best, signals: sorted.map(({ detected_by, evidence }) => ({ detected_by, evidence })) };
    })
    .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name));
};
