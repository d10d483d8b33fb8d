import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const peopleHeader = 'First Name,Last Name,Email,Phone,LinkedIn,Company,Website,Job Title,City,Country';

/**
 * For tests that import people from CSV: `csv(name, lines)` writes a file in a fresh temporary
 * folder with the usual header (name, email, phone, LinkedIn, company, website, title, city,
 * country) and returns its path.
 */
export function peopleCsvWriter(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, [peopleHeader, ...lines].join('\n'));
    return path;
  };
}
