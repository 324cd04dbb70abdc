/**
 * Figures as Spain and the Basque Country write them (`1.234.567,5`), by hand rather than
 * with `Intl.NumberFormat`: ICU's number data kept about 8 MB of the server resident for a
 * few separators (docs/performance.md). The result is ICU's, character for character, for
 * every finite number (a property test compares them): ICU rounds the shortest decimal
 * that reads back as the number, half away from zero, and so does this.
 */

/**
 * `1.234,568`: a dot for thousands (also in four digits), a comma for decimals, no sign.
 * `minFraction` and `maxFraction`: fraction digits kept at least (zeros added) and at most
 * (rounded); `shift`: powers of ten the figure is moved by before rounding, 2 for a
 * percentage; `groupFour`: whether four integer digits are grouped (`1.000`), or only five
 * and more (ICU's Spanish percentages).
 */
export function unsignedFigure(
  value: number,
  { minFraction = 0, maxFraction = 3, shift = 0, groupFour = true } = {},
) {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return '∞';
  const [, whole = '', fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(
    Math.abs(value).toString(),
  )!;
  // The decimal digits and how many of them stand before the point.
  let digits = whole + fraction;
  let point = whole.length + Number(exponent) + shift;
  if (point < 0) [digits, point] = ['0'.repeat(-point) + digits, 0];
  digits = digits.padEnd(point, '0');
  const kept = point + maxFraction;
  if (digits.length > kept) {
    const roundsUp = digits[kept]! >= '5';
    const rounded = (BigInt(digits.slice(0, kept) || '0') + (roundsUp ? 1n : 0n))
      .toString()
      .padStart(kept, '0');
    point += rounded.length - kept; // 9,9995 → 10,000: one more digit before the point
    digits = rounded;
  }
  const integer = digits.slice(0, point).replace(/^0+(?=.)/, '') || '0';
  const decimals = digits.slice(point).replace(/0+$/, '').padEnd(minFraction, '0');
  const grouped =
    integer.length < (groupFour ? 4 : 5) ? integer : integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return decimals === '' ? grouped : `${grouped},${decimals}`;
}

/** ICU signs a negative figure, and a negative zero, even when it rounds to 0. */
export const isNegative = (value: number) => value < 0 || Object.is(value, -0);

/** The space between a figure and its `%` sign: one that does not break (ICU's, U+00A0). */
export const PERCENT_SPACE = '\u00a0';

/** A share (0.1234) as a percentage's figure (`12,34`): one or two decimals, as the pages print them. */
export const percentFigure = (share: number, groupFour: boolean) =>
  unsignedFigure(share, { minFraction: 1, maxFraction: 2, shift: 2, groupFour });

/** `1,234,567.5`: the operator's commands write figures in English, as ICU's `en-US`. */
export function englishFigure(value: number): string {
  return (
    (isNegative(value) ? '-' : '') +
    unsignedFigure(value).replace(/[.,]/g, (mark) => (mark === '.' ? ',' : '.'))
  );
}
