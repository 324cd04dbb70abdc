import { normalizeName } from '../names.js';

/** Surname particles (DESIGN §3), compared case-insensitively (`de la Fuente`, `van der Berg`). */
const PARTICLES: ReadonlySet<string> = new Set(
  'de del la las los y da das do dos di van von der san santa'.split(' '),
);

/** Surnames that head a compound one with particles, besides those ending in `z` (`Garcia de Cortazar`). */
const COMPOUND_HEADS: ReadonlySet<string> = new Set(['garcia', 'ochoa', 'ladron']);

export function isParticle(token: string): boolean {
  return PARTICLES.has(token.toLowerCase());
}

/** Whether a token takes the particle unit after it into one surname (`Ruiz de Azua`, DESIGN §3). */
export function headsCompoundSurname(token: string): boolean {
  const lower = token.toLowerCase();
  return lower.endsWith('z') || COMPOUND_HEADS.has(lower);
}

export interface SplitName {
  firstName: string;
  surnames: string[];
}

const MAX_SURNAMES = 2;

/**
 * DESIGN §3: `Maria de la Fuente Perez` → `Maria` + [`de la Fuente`, `Perez`]. At most two
 * units, taken from the right: a token, its particles, and the token before them if it
 * heads a compound surname; the first token always stays for the first name.
 */
export function splitFullName(fullName: string): SplitName {
  const name = normalizeName(fullName);
  if (name === '') return { firstName: '', surnames: [] };
  const tokens = name.split(' ');
  const surnames: string[] = [];
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
