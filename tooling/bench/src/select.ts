/** Every benchmark `pnpm bench` knows, in the order it runs them: name and script under src/. */
export const benches = [
  ['access', 'access/access-bench.ts'],
  ['mcp', 'mcp/mcp-bench.ts'],
  ['audience', 'audience/audience-bench.ts'],
  ['verify', 'verify/verify-bench.ts'],
  ['verify-job', 'verify/verify-job-bench.ts'],
  ['resolve', 'resolve/resolve-bench.ts'],
  ['resolve-quality', 'resolve/quality-bench.ts'],
  ['search', 'search/search-bench.ts'],
  ['enrich', 'enrich/enrich-bench.ts'],
  ['intent', 'intent/intent-bench.ts'],
  ['served', 'served/served-bench.ts'],
  ['replica', 'replica/replica-bench.ts'],
  ['webhooks', 'webhooks/webhooks-bench.ts'],
  ['privacy', 'privacy/privacy-bench.ts'],
] as const;

/**
 * The benchmarks BENCH_ONLY (`name,name`) asks for, all when it is unset or empty. A name that is
 * not a benchmark is an error: a typo must not run nothing, or everything, in silence.
 */
export const selectBenches = (only: string | undefined): Array<(typeof benches)[number]> => {
  const names = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.length) return [...benches];
  const unknown = names.filter((name) => !benches.some(([known]) => known === name));
  if (unknown.length)
    throw new Error(
      `BENCH_ONLY: no benchmark named ${unknown.join(', ')} (known: ${benches.map(([n]) => n).join(', ')})`,
    );
  return benches.filter(([name]) => names.includes(name));
};
