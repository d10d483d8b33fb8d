import { describe, expect, it } from 'vitest';
import { hashOf } from '../ingest/store-checked.js';
import { importKey, sourceMask } from './bulk-signals.js';

// An import recognises rows it already loaded by these keys, across versions of Dossier: a changed
// hash or key would load a file a second time. The values below are what the first version wrote.
describe('import keys', () => {
  const row = { company: 'cmp_1', topic: 'crm', time: '2026-11-02T10:00:00Z', source: 'feed' };

  it('hashes a row as earlier versions did', () => {
    expect(hashOf('signals', row)).toBe('ad6aefebac141b3ae13c9cf8bcdb70ba3433b6b90f4e572eb03810ccfceddb5a');
  });

  it('makes the key earlier versions made', () => {
    const at = Date.parse('2026-11-02T10:59:59.999Z');
    expect(importKey(sourceMask('src_abc'), hashOf('signals', row), at)).toBe(
      '00079a32-1b7c-74d9-bc3a-6f5806b3c326',
    );
  });

  it('keeps every bit of the mask and the hour', () => {
    const hash = `ffffffff00000000a5a5a5a5${'0'.repeat(40)}`;
    expect(importKey(sourceMask('src_abc'), hash, 0)).toBe('00000000-49e9-64cd-102e-7462422afa7b');
    expect(importKey([0, 0, 0], hash, 0xfedcba98 * 3_600_000)).toBe('fedcba98-ffff-ffff-0000-0000a5a5a5a5');
  });

  it('differs between sources for the same row', () => {
    const hash = hashOf('signals', row);
    expect(importKey(sourceMask('src_a'), hash, 0)).not.toBe(importKey(sourceMask('src_b'), hash, 0));
  });
});
