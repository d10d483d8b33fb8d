import { describe, expect, it } from 'vitest';
import { UsageError } from './args.js';
import { parseRole } from './serve.js';

describe('dossier serve --role', () => {
  it('reads --role R and --role=R, else the fallback (DOSSIER_ROLE)', () => {
    expect(parseRole(['--role', 'api'], 'all')).toBe('api');
    expect(parseRole(['--role=worker'], 'all')).toBe('worker');
    expect(parseRole([], 'worker')).toBe('worker');
    expect(parseRole([], 'all')).toBe('all');
  });

  it('refuses anything else with a usage error naming the value', () => {
    expect(() => parseRole(['--role', 'workers'], 'all')).toThrow(UsageError);
    expect(() => parseRole(['--role', 'workers'], 'all')).toThrow(/api, worker or all \(got workers\)/);
    expect(() => parseRole(['--role'], 'all')).toThrow(/got nothing/);
  });
});
