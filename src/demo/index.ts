/** Deterministic, fictional demo data (participants are minors: nothing here is real). */
export * from './generate.js';
export * from './schools.js';
export * from './name-pools.js';
export { Random, weightedPicker, zipfWeights } from './random.js';
