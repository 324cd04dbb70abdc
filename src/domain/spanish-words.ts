/** Spanish words shared by the summaries and the web pages: figures and plurals. */
import { isNegative, PERCENT_SPACE, percentFigure, unsignedFigure } from './figures.js';

/**
 * Figures are formatted for Spain (`4.612`, `1.234.567`), as ICU's `es-ES` with grouping
 * forced also for four-digit numbers (it leaves them as `4612` by default); years are
 * printed as is.
 */
export function formatNumber(value: number): string {
  return (isNegative(value) ? '-' : '') + unsignedFigure(value);
}

/** A share as a percentage (`12,34 %`, `50,0 %`), as ICU's `es`: one or two decimals, a space that does not break. */
export function formatPercent(share: number): string {
  return `${isNegative(share) ? '-' : ''}${percentFigure(share, false)}${PERCENT_SPACE}%`;
}

/** `one` for exactly one, `many` otherwise (Spanish: `0 compañías`). */
export function plural(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}
