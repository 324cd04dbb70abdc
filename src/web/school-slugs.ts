import { compareSpanish } from '../domain/collation.js';
import { searchKey } from '../domain/names.js';

/** What a school whose name leaves no letter or digit is called in its address. */
const EMPTY_SLUG = 'compania';

/** A school's page segment: `Ikastola Zubia-Txiki (Amara)` → `ikastola-zubia-txiki-amara`. */
export function slugOf(school: string): string {
  const slug = searchKey(school)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? EMPTY_SLUG : slug;
}

/** The address segment of each school and the school of each segment. */
interface SchoolSlugs {
  slugOf: ReadonlyMap<string, string>;
  schoolOf: ReadonlyMap<string, string>;
}

/** A distinct slug per school: on a clash, in Spanish order, the next get `-2`, `-3`… (docs/decisions.md) */
export function schoolSlugs(schools: Iterable<string>): SchoolSlugs {
  const slugs = new Map<string, string>();
  const schoolOf = new Map<string, string>();
  const sorted = [...new Set(schools)].sort(compareSpanish);
  const wanted = new Set(sorted.map(slugOf));
  for (const school of sorted) {
    const base = slugOf(school);
    let slug = base;
    for (let n = 2; schoolOf.has(slug) || (slug !== base && wanted.has(slug)); n++) slug = `${base}-${n}`;
    slugs.set(school, slug);
    schoolOf.set(slug, school);
  }
  return { slugOf: slugs, schoolOf };
}
