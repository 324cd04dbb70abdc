export { GLOBAL_CATEGORY_ORDER, YEARLY_CATEGORY_ORDER } from './compute.js';
export { DEFAULT_MIN_PUBLISHED_COUNT } from './tally.js';
export { splitFullName } from './split-name.js';
