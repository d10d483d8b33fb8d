import { invalid } from '../errors.js';
import { type AudienceNetwork, audienceNetworks } from './networks.js';
import { type FieldRule, type NetworkRules, networkRules } from './rules/index.js';
import type { AudienceResult } from './schema.js';

const NEEDS_QUOTES = /[",\r\n]/;

const cell = (value: string): string =>
  NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

const valuesOf = (result: AudienceResult, key: string): string[] => {
  const value = result.identifiers[key];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
};

interface Column {
  rule: FieldRule;
  count: number;
}

const rulesOf = (network: AudienceNetwork): NetworkRules => {
  if (!(audienceNetworks as readonly string[]).includes(network)) {
    throw invalid([
      { path: 'network', message: `unknown network; use one of ${audienceNetworks.join(', ')}` },
    ]);
  }
  return networkRules[network];
};

const headerOf = (columns: Column[]): string => {
  const names: string[] = [];
  for (const { rule, count } of columns) {
    for (let index = 0; index < count; index++) {
      names.push(typeof rule.csv === 'function' ? rule.csv(index) : (rule.csv ?? rule.key));
    }
  }
  return names.map(cell).join(',');
};

/** The lines for one contact; more than one when a value does not fit the template's columns. */
const rowsOf = (columns: Column[], result: AudienceResult): string[] => {
  const perColumn = columns.map(({ rule }) => valuesOf(result, rule.key));
  let rows = 0;
  columns.forEach(({ count }, i) => {
    rows = Math.max(rows, Math.ceil((perColumn[i]?.length ?? 0) / count));
  });
  const lines: string[] = [];
  for (let row = 0; row < rows; row++) {
    const cells: string[] = [];
    columns.forEach(({ count }, i) => {
      const values = perColumn[i] ?? [];
      for (let index = 0; index < count; index++) cells.push(cell(values[row * count + index] ?? ''));
    });
    lines.push(cells.join(','));
  }
  return lines;
};

/**
 * The network's upload file: its template's column headers, one row per contact with at least one
 * identifier in the file. An identifier repeats its column up to the template's limit (e.g. three
 * email columns for Meta); values beyond it continue on extra rows for the same contact.
 * Identifiers without a template column (e.g. a CRM id, which goes in a separate list) are left out.
 */
export const toCsv = (network: AudienceNetwork, results: readonly AudienceResult[]): string => {
  const rules = rulesOf(network);
  const cap = rules.csvColumnsPerKey ?? 1;
  const columns: Column[] = [];
  for (const rule of rules.fields) {
    if (rule.csv === undefined) continue;
    let most = 1;
    for (const result of results) most = Math.max(most, valuesOf(result, rule.key).length);
    columns.push({ rule, count: Math.min(most, cap) });
  }
  const lines = [headerOf(columns)];
  for (const result of results) lines.push(...rowsOf(columns, result));
  return `${lines.join('\n')}\n`;
};

export interface CsvWriter {
  /** The header line, without a line break. */
  header: string;
  /** The lines for one contact, each ending in a line break; empty when it has no identifier in the file. */
  rows: (result: AudienceResult) => string;
}

/**
 * A streaming form of toCsv for long lists: every repeatable column at the template's limit, so the
 * layout is known before the first contact.
 */
export const csvWriter = (network: AudienceNetwork): CsvWriter => {
  const rules = rulesOf(network);
  const cap = rules.csvColumnsPerKey ?? 1;
  const columns: Column[] = rules.fields
    .filter((rule) => rule.csv !== undefined)
    .map((rule) => ({ rule, count: cap }));
  return {
    header: headerOf(columns),
    rows: (result) =>
      rowsOf(columns, result)
        .map((line) => `${line}\n`)
        .join(''),
  };
};
