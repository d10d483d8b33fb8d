import { describe, expect, it } from 'vitest';
import { normalizeLinkedInUrl, parseLinkedInUrl } from './linkedin.js';

describe('normalizeLinkedInUrl', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe-123/', 'linkedin.com/in/jane-doe-123'],
    ['http://linkedin.com/in/Jane-Doe-123', 'linkedin.com/in/jane-doe-123'],
    ['linkedin.com/in/jane-doe-123', 'linkedin.com/in/jane-doe-123'],
    ['www.linkedin.com/in/jane-doe-123?trk=public_profile', 'linkedin.com/in/jane-doe-123'],
    ['https://uk.linkedin.com/in/jane-doe-123#experience', 'linkedin.com/in/jane-doe-123'],
    ['https://de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller/', 'linkedin.com/in/jürgen-müller'],
    ['HTTPS://WWW.LINKEDIN.COM/IN/JANE-DOE-123/DETAILS/EXPERIENCE/', 'linkedin.com/in/jane-doe-123'],
    ['https://m.linkedin.com/in/jane-doe', 'linkedin.com/in/jane-doe'],
    ['https://www.linkedin.com/mwlite/in/jane-doe', 'linkedin.com/in/jane-doe'],
    ['  //linkedin.com/in/jane-doe  ', 'linkedin.com/in/jane-doe'],
    ['https://www.linkedin.com/pub/john-smith/1/23/456', 'linkedin.com/in/john-smith-456023001'],
    ['https://www.linkedin.com/company/acme-inc/about/', 'linkedin.com/company/acme-inc'],
    ['https://www.linkedin.com/company/Acme-Inc?trk=x', 'linkedin.com/company/acme-inc'],
    ['https://www.linkedin.com/showcase/acme-cloud', 'linkedin.com/company/acme-cloud'],
  ])('%s -> %s', (raw, canonical) => {
    expect(normalizeLinkedInUrl(raw)).toBe(canonical);
  });
  it('tells people from companies', () => {
    expect(parseLinkedInUrl('linkedin.com/in/x')).toEqual({
      kind: 'person',
      slug: 'x',
      url: 'linkedin.com/in/x',
    });
    expect(parseLinkedInUrl('linkedin.com/company/x')?.kind).toBe('company');
  });
  it('rejects other sites and pages', () => {
    for (const bad of [
      'https://notlinkedin.com/in/x',
      'https://linkedin.com.evil.io/in/x',
      'https://www.linkedin.com/feed/',
      'https://www.linkedin.com/in/',
      'https://www.linkedin.com/pub/dir/john/smith',
      'not a url at all',
      '',
    ])
      expect(normalizeLinkedInUrl(bad), bad).toBeNull();
  });
});
