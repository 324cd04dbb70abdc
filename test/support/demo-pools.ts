import {
  FEMALE_COMPOUND_FIRST_NAMES,
  FEMALE_FIRST_NAMES,
  MALE_COMPOUND_FIRST_NAMES,
  MALE_FIRST_NAMES,
  SURNAMES,
} from '../../src/demo/index.js';
import { normalizeName } from '../../src/domain/names.js';

/** Every first name the demo draws from, as stored (normalised). */
export const DEMO_FIRST_NAMES: ReadonlySet<string> = new Set(
  [
    ...FEMALE_FIRST_NAMES,
    ...MALE_FIRST_NAMES,
    ...FEMALE_COMPOUND_FIRST_NAMES,
    ...MALE_COMPOUND_FIRST_NAMES,
  ].map(normalizeName),
);

/** Every surname the demo draws from, as stored (normalised). */
export const DEMO_SURNAMES: ReadonlySet<string> = new Set(SURNAMES.map(normalizeName));
