export {
  computeStatistics,
  DEFAULT_MIN_PUBLISHED_COUNT,
  GLOBAL_CATEGORY_ORDER,
  YEARLY_CATEGORY_ORDER,
} from './compute.js';
export { splitFullName } from './split-name.js';
