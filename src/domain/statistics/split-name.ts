import { normalizeName } from '../names.js';

/**
 * Surname particles (DESIGN §3), compared case-insensitively: a surname unit is one
 * token plus any of these tokens right before it (`de la Fuente`, `van der Berg`).
 */
const PARTICLES: ReadonlySet<string> = new Set(
  'de del la las los y da das do dos di van von der san santa'.split(' '),
);

/** Surnames that head a compound one with particles, besides those ending in `z` (`Garcia de Cortazar`). */
const COMPOUND_HEADS: ReadonlySet<string> = new Set(['garcia', 'ochoa', 'ladron']);

export function isParticle(token: string): boolean {
  return PARTICLES.has(token.toLowerCase());
}

/**
 * Whether a token takes the particle unit after it into one compound surname, as
 * Gipuzkoa's `Lopez de Munain`, `Ruiz de Azua` or `Ochoa de Olza` (DESIGN §3).
 */
export function headsCompoundSurname(token: string): boolean {
  const lower = token.toLowerCase();
  return lower.endsWith('z') || COMPOUND_HEADS.has(lower);
}

export interface SplitName {
  firstName: string;
  /** Zero, one or two surname units, left to right. */
  surnames: string[];
}

/** Surname units taken at most (DESIGN §3). */
const MAX_SURNAMES = 2;

/**
 * DESIGN §3: a full name → its first name and surname units, e.g. `Maria de la Fuente
 * Perez` → `Maria` + [`de la Fuente`, `Perez`], `Iker Ruiz de Azua Saenz de Buruaga` →
 * `Iker` + [`Ruiz de Azua`, `Saenz de Buruaga`]. Units are taken from the right: one
 * token, the particles right before it, and, when there are particles, the token before
 * them if it heads a compound surname. At most two units, and the first token always
 * stays for the first name. The name is normalised first (diacritics dropped, whitespace
 * collapsed); an empty name gives `{ firstName: '', surnames: [] }`.
 */
export function splitFullName(fullName: string): SplitName {
  const name = normalizeName(fullName);
  if (name === '') return { firstName: '', surnames: [] };
  const tokens = name.split(' ');
  const surnames: string[] = [];
  // tokens[0, end) are not taken yet; tokens[0] is never taken.
  let end = tokens.length;
  while (surnames.length < MAX_SURNAMES && end > 1) {
    let start = end - 1;
    while (start > 1 && isParticle(tokens[start - 1]!)) start--;
    const beginsWithParticles = start < end - 1;
    if (beginsWithParticles && start > 1 && headsCompoundSurname(tokens[start - 1]!)) start--;
    surnames.unshift(tokens.slice(start, end).join(' '));
    end = start;
  }
  return { firstName: tokens.slice(0, end).join(' '), surnames };
}
