import { techRules } from './rules.js';
import type { TechRule } from './types.js';

export interface CompiledRule {
  rule: TechRule;
  mx: RegExp[];
  spf: RegExp[];
  ns: RegExp[];
  cname: RegExp[];
  txt: string[];
  script: RegExp[];
  link: RegExp[];
  html: RegExp[];
  meta: Array<[string, RegExp]>;
  headers: Array<[string, RegExp | null]>;
  cookies: RegExp[];
  jsonld: RegExp[];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `awsdns-*.com` matches `ns-1.awsdns-12.com`: a suffix on label boundaries, `*` within a label. */
export const hostSuffixPattern = (suffix: string): RegExp =>
  new RegExp(`(^|\\.)${escapeRegex(suffix.toLowerCase()).replace(/\\\*/g, '[a-z0-9-]*')}\\.?$`, 'i');

const regex = (source: string) => new RegExp(source, 'i');

export const compileRule = (rule: TechRule): CompiledRule => ({
  rule,
  mx: (rule.mx ?? []).map(hostSuffixPattern),
  spf: (rule.spf ?? []).map(hostSuffixPattern),
  ns: (rule.ns ?? []).map(hostSuffixPattern),
  cname: (rule.cname ?? []).map(hostSuffixPattern),
  txt: (rule.txt ?? []).map((prefix) => prefix.toLowerCase()),
  script: (rule.script ?? []).map(regex),
  link: (rule.link ?? []).map(regex),
  html: (rule.html ?? []).map(regex),
  meta: Object.entries(rule.meta ?? {}).map(([name, source]) => [name.toLowerCase(), regex(source)]),
  headers: Object.entries(rule.headers ?? {}).map(([name, source]) => [
    name.toLowerCase(),
    source ? regex(source) : null,
  ]),
  cookies: (rule.cookies ?? []).map((source) => new RegExp(`^(?:${source})`, 'i')),
  jsonld: (rule.jsonld ?? []).map(regex),
});

let compiled: CompiledRule[] | undefined;
/** The built-in rules, compiled once. */
export const compiledRules = (): CompiledRule[] => {
  compiled ??= techRules.map(compileRule);
  return compiled;
};

export const patternCount = (rule: TechRule): number =>
  (rule.mx?.length ?? 0) +
  (rule.spf?.length ?? 0) +
  (rule.txt?.length ?? 0) +
  (rule.ns?.length ?? 0) +
  (rule.cname?.length ?? 0) +
  (rule.script?.length ?? 0) +
  (rule.link?.length ?? 0) +
  (rule.html?.length ?? 0) +
  Object.keys(rule.meta ?? {}).length +
  Object.keys(rule.headers ?? {}).length +
  (rule.cookies?.length ?? 0) +
  (rule.jsonld?.length ?? 0);
