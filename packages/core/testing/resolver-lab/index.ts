// The resolver's lab: labelled sets, generated people and pairwise quality, for tests and
// benchmarks (tooling/bench/src/resolve). The service never runs these.
export { loadLabelledSet, peopleFromCsv } from './dev-set.js';
export { blockingRecall, evaluate, type PairwiseQuality } from './evaluate.js';
export { generatePeople, type SyntheticOptions } from './synthetic.js';
