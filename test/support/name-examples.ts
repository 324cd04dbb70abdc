/** Every example of the name split that DESIGN §3 gives: [full name, first name, surname units]. */
export const DESIGN_NAME_EXAMPLES: readonly (readonly [string, string, readonly string[]])[] = [
  ['Ane Garcia Lopez', 'Ane', ['Garcia', 'Lopez']],
  ['Jon Ander Urrutia Gomez', 'Jon Ander', ['Urrutia', 'Gomez']],
  ['Maria de la Fuente Perez', 'Maria', ['de la Fuente', 'Perez']],
  ['Ainhoa Lopez de Munain Flores', 'Ainhoa', ['Lopez de Munain', 'Flores']],
  ['Iker Ruiz de Azua Saenz de Buruaga', 'Iker', ['Ruiz de Azua', 'Saenz de Buruaga']],
  ['Pepito Garcia', 'Pepito', ['Garcia']],
];

/**
 * A number written in letters (0 → a … 9 → j): distinct fictional names for big lists,
 * since an import refuses names holding digits.
 */
export function inLetters(value: string | number): string {
  return String(value).replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)]!);
}
