// Prints one closing line per vitest JSON report: "<label>: N passed, N failed, N skipped".
import { readFileSync } from 'node:fs';

let failed = 0;
for (const arg of process.argv.slice(2)) {
  const [label, path] = arg.split('=');
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  failed += report.numFailedTests;
  console.log(
    `${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
  );
}
process.exit(failed ? 1 : 0);
