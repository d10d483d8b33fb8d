// Fails when a tracked file names a path outside the repository: a relative path that climbs above
// the repository root, or an absolute path into this machine's work folders. Everything a test, a
// benchmark or the service reads must be held by the repository itself (testdata/README.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && /\.(ts|tsx|js|mjs|cjs|json|sh|md|ya?ml|py|toml)$|(^|\/)run$/.test(f));

const climbing = /(?:^|[\s'"`(=:])((?:\.\.\/)+[\w@.-][^\s'"`),;]*)/g;
const absolute = /(?:^|[\s'"`(=:])(\/work\/[^\s'"`),;]*)/g;
const problems = [];
for (const file of files) {
  if (file === 'pnpm-lock.yaml') continue;
  let text;
  try {
    text = readFileSync(resolve(root, file), 'utf8');
  } catch {
    continue; // listed but deleted in the work tree
  }
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    for (const m of line.matchAll(climbing)) {
      const target = resolve(dirname(resolve(root, file)), m[1]);
      if (relative(root, target).startsWith('..')) problems.push(`${file}:${i + 1}: ${m[1]}`);
    }
    for (const m of line.matchAll(absolute)) problems.push(`${file}:${i + 1}: ${m[1]}`);
  });
}
if (problems.length) {
  console.error(`Paths outside the repository (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`check-paths: ${files.length} tracked files name no path outside the repository`);
