import { statisticSummaries } from './summaries.js';
export const basqueSummaries = statisticSummaries;
