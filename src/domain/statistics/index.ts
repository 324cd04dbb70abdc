export { computeStatistics, GLOBAL_CATEGORY_ORDER, YEARLY_CATEGORY_ORDER } from './compute.js';
export { FULL_LIMIT, PUBLIC_LIMIT } from './ranking.js';
export { splitFullName } from './split-name.js';
