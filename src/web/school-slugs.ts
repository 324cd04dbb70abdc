import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';

/** What a school whose name leaves no letter or digit is called in its address (a Basque page's: `konpainia`). */
export const EMPTY_SLUG = 'compania';

/** A page segment: `Ikastola Zubia-Txiki (Amara)` → `ikastola-zubia-txiki-amara`; `empty` when nothing is left. */
export function slugOf(value: string, empty = EMPTY_SLUG): string {
  const slug = searchKey(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? empty : slug;
}

/**
 * A distinct slug per school (or name's key) from its name as `shown` (in a page's language): on
 * a clash, in Spanish order, the next get `-2`, `-3`… (docs/decisions.md). Both ways.
 */
export function schoolSlugs(
  schools: Iterable<string>,
  empty = EMPTY_SLUG,
  shown: (school: string) => string = (school) => school,
) {
  const slugs = new Map<string, string>();
  const schoolOf = new Map<string, string>();
  const sorted = [...new Set(schools)].sort(
    (a, b) => compareSpanish(shown(a), shown(b)) || compareSpanish(a, b),
  );
  const slugOfOne = (school: string) => slugOf(shown(school), empty);
  const wanted = new Set(sorted.map(slugOfOne));
  for (const school of sorted) {
    const base = slugOfOne(school);
    let slug = base;
    for (let n = 2; schoolOf.has(slug) || (slug !== base && wanted.has(slug)); n++) slug = `${base}-${n}`;
    slugs.set(school, slug);
    schoolOf.set(slug, school);
  }
  return { slugOf: slugs, schoolOf };
}
