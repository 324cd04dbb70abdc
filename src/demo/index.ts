/** Deterministic, fictional demo data (participants are minors: nothing here is real). */
export {
  DEFAULT_DEMO_OPTIONS,
  DEMO_YEAR_TOTALS,
  type DemoOptions,
  type DemoRow,
  generateDemoRows,
} from './generate.js';
export {
  DEMO_CATCH_ALL_SCHOOL,
  DEMO_SCHOOLS,
  DEMO_YEARS,
  type DemoSchool,
  isSchoolActive,
} from './schools.js';
export {
  FEMALE_COMPOUND_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_COMPOUND_FIRST_NAMES,
  MALE_FIRST_NAMES,
  PARTICLE_SURNAMES,
  SURNAMES,
} from './name-pools.js';
export { Random, weightedPicker, zipfWeights } from './random.js';
