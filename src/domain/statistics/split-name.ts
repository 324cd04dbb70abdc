import { normalizeName } from '../names.js';

/**
 * Surname particles (DESIGN §3), compared case-insensitively: a surname unit is one
 * token plus any of these tokens right before it (`de la Fuente`, `van der Berg`).
 */
const PARTICLES: ReadonlySet<string> = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'y',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'van',
  'von',
  'der',
  'san',
  'santa',
]);

/**
 * Where the parts of a normalised full name lie, as string offsets. Filled in place by
 * `locateNameParts` so that the statistics pass allocates nothing per record for it.
 */
export interface NameParts {
  /** The first name is `name.slice(0, firstNameEnd)`. */
  firstNameEnd: number;
  /** 0, 1 or 2. */
  surnameCount: number;
  /** The last (rightmost) surname unit, when surnameCount >= 1. */
  lastSurnameStart: number;
  lastSurnameEnd: number;
  /** The surname unit before it, when surnameCount === 2. */
  previousSurnameStart: number;
  previousSurnameEnd: number;
}

export function newNameParts(): NameParts {
  return {
    firstNameEnd: 0,
    surnameCount: 0,
    lastSurnameStart: 0,
    lastSurnameEnd: 0,
    previousSurnameStart: 0,
    previousSurnameEnd: 0,
  };
}

function isParticle(name: string, start: number, end: number): boolean {
  const length = end - start;
  if (length < 1 || length > 5) return false;
  // Cheap filter on the first letter (d, l, y, v, s in either case) before any allocation.
  const first = name.charCodeAt(start) | 0x20;
  if (first !== 0x64 && first !== 0x6c && first !== 0x79 && first !== 0x76 && first !== 0x73) return false;
  return PARTICLES.has(name.slice(start, end).toLowerCase());
}

/**
 * DESIGN §3 on a normalised, non-empty name (single spaces, no leading or trailing
 * space): surname units are taken from the right, each one token plus the particle
 * tokens right before it; at most two units, always leaving at least one token for
 * the first name.
 */
export function locateNameParts(name: string, out: NameParts): void {
  let right = name.length;
  let units = 0;
  while (units < 2) {
    let space = name.lastIndexOf(' ', right - 1);
    if (space < 0) break; // a single token is left: it is the first name
    let start = space + 1;
    for (;;) {
      const before = name.lastIndexOf(' ', space - 1);
      // The token before is the first token: it stays for the first name.
      if (before < 0 || !isParticle(name, before + 1, space)) break;
      start = before + 1;
      space = before;
    }
    if (units === 0) {
      out.lastSurnameStart = start;
      out.lastSurnameEnd = right;
    } else {
      out.previousSurnameStart = start;
      out.previousSurnameEnd = right;
    }
    units++;
    right = space;
  }
  out.firstNameEnd = right;
  out.surnameCount = units;
}

/**
 * Splits a full name into its first name and its surname units (left to right), e.g.
 * `Maria de la Fuente Perez` → `Maria` + [`de la Fuente`, `Perez`]. The name is
 * normalised first (diacritics dropped, whitespace collapsed); an empty name gives
 * `{ firstName: '', surnames: [] }`.
 */
export function splitFullName(fullName: string): { firstName: string; surnames: string[] } {
  const name = normalizeName(fullName);
  if (name === '') return { firstName: '', surnames: [] };
  const parts = newNameParts();
  locateNameParts(name, parts);
  const surnames: string[] = [];
  if (parts.surnameCount === 2)
    surnames.push(name.slice(parts.previousSurnameStart, parts.previousSurnameEnd));
  if (parts.surnameCount >= 1) surnames.push(name.slice(parts.lastSurnameStart, parts.lastSurnameEnd));
  return { firstName: name.slice(0, parts.firstNameEnd), surnames };
}
