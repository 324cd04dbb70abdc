import { LRUCache } from 'lru-cache';
import type { VNode } from 'preact';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import type { PageContext } from './layout.js';
import { inEach, LocaleContext, type Language, type Locale } from './locale.js';
import { datasetJsonLd, PageMetaContext } from './page-meta.js';
import { previewPath, type PreviewCard } from './preview-card.js';
import type { NameFact, NameKind } from '../domain/statistics/name-facts.js';
import { NamePathContext, SchoolContext } from './name-links.js';
import { EMPTY_SLUG, schoolSlugs } from './school-slugs.js';
import type { SiteData } from './site-data.js';
import { fullOrPublic } from './year-statistics.js';

/** How many answers of one kind `perKey` keeps per read model and language. */
export const KEPT_PER_KIND = 64;

/**
 * `make(key)` made once per key, kept among the `max` most recently used (not an `undefined`
 * answer): bounded, as the name pages are a long tail that a crawler walks once per model.
 */
export function perKey<T, K extends string = string>(
  make: (key: K) => T,
  max = KEPT_PER_KIND,
): (key: K) => T {
  const made = new LRUCache<K, NonNullable<T>>({ max });
  return (key) => {
    const kept = made.get(key);
    if (kept !== undefined) return kept;
    const value = make(key);
    if (value !== undefined && value !== null) made.set(key, value);
    return value;
  };
}

/** What the pages of one read model share, whatever their language. */
export function modelContext(
  data: SiteData,
  page: PageContext,
  origin: string,
  privacyContact: string | undefined,
) {
  // The editions with data, ascending; each school with a page (participants in one of them) and its first.
  const published = data.years
    .filter((year) => year !== GLOBAL_YEAR)
    .map(Number)
    .sort((a, b) => a - b);
  const firstYears = new Map<string, number>();
  for (const [school, byYear] of data.rowsBySchool) {
    const first = published.find((year) => (byYear.get(year) ?? 0) > 0);
    if (first !== undefined) firstYears.set(school, first);
  }
  const commonNames = perKey((year): ReadonlyMap<string, string> => {
    const category = year === GLOBAL_YEAR ? 'commonNameBySchool' : 'commonNameBySchoolByYear';
    const items = fullOrPublic(SHAPES.nameBySchool, data.recordsOf(year).get(category)) ?? [];
    return new Map(items.map((item) => [item.school, item.name]));
  });
  // A school's name in each language: the operator's label there, else the lists'; summaries so named.
  const schoolNames = inEach((_, language) => {
    const labels = data.schoolLabels[language];
    return (school: string) => labels.get(school) ?? school;
  });
  const relabels = inEach((_, language) => relabelling(data.schoolLabels[language]));
  // Each school's slug: of its files, from the lists' name; of its page, from its name in each language.
  const fileSlugs = schoolSlugs(firstYears.keys());
  const pageSlugs = inEach((_, language) =>
    schoolSlugs(firstYears.keys(), EMPTY_SLUGS[language], schoolNames[language]),
  );
  // The slug of each first name's and surname's page (by its key), and the key of each slug.
  const nameSlugs = perKey((kind: NameKind) =>
    schoolSlugs(
      data.names.list(kind).map((fact) => fact.key),
      NAME_EMPTY_SLUGS[kind],
    ),
  );
  return {
    data,
    page,
    origin,
    privacyContact,
    published,
    firstYears,
    fileSlugs,
    pageSlugs,
    schoolNames,
    relabels,
    nameSlugs,
    commonNames,
  };
}

/** A school's or name's slug when nothing of it is a letter or digit of an address. */
const EMPTY_SLUGS: Record<Language, string> = { es: EMPTY_SLUG, eu: 'konpainia' };
const NAME_EMPTY_SLUGS: Record<NameKind, string> = { firstName: 'nombre', surname: 'apellido' };

export type ModelContext = ReturnType<typeof modelContext>;

/** One read model's pages in one language; `alternates`: a path's page in each (the page table's, which pages cannot import). */
export function siteContext(
  model: ModelContext,
  locale: Locale,
  alternates: (path: string, query: string) => Record<Language, string>,
) {
  const dataset = datasetJsonLd(model.origin, model.data.years, locale);
  const { language } = locale;
  return {
    ...model,
    locale,
    texts: locale.texts,
    paths: locale.paths,
    dataset,
    slugs: model.pageSlugs[language],
    schoolName: model.schoolNames[language],
    relabel: model.relabels[language],
    alternates,
  };
}

/** A summary's `**school**` runs, each with the school's name in `labels`. */
function relabelling(labels: ReadonlyMap<string, string>): (text: string) => string {
  if (labels.size === 0) return (text) => text;
  return (text) => {
    let relabelled = text;
    for (const [school, label] of labels) relabelled = relabelled.replaceAll(`**${school}**`, `**${label}**`);
    return relabelled;
  };
}

export type SiteContext = ReturnType<typeof siteContext>;

/** The facts of the name whose page has `slug`, or `undefined` when no page has it. */
export function nameOfSlug(site: SiteContext, kind: NameKind, slug: string): NameFact | undefined {
  const key = site.nameSlugs(kind).schoolOf.get(slug);
  return key === undefined ? undefined : site.data.names.lookup(kind, key);
}

/** The address of a first name's or surname's page in the site's language, or `undefined` when it has none. */
export function namePathOf(site: SiteContext, kind: NameKind, name: string): string | undefined {
  const fact = site.data.names.lookup(kind, name);
  return fact && site.paths.name(kind, site.nameSlugs(kind).slugOf.get(fact.key)!);
}

/** A page with its language, school and name links, and where it has an address (with `query`, `?n=…`), its meta. */
export function withSite(site: SiteContext, page: VNode, path?: string, query = ''): VNode {
  const { origin, dataset, slugs, paths, locale, schoolName, relabel } = site;
  const meta =
    path === undefined
      ? undefined
      : {
          origin,
          path: path + query,
          image: previewPath(paths, path),
          alternates: site.alternates(path, query),
          dataset,
        };
  const schools = {
    path: (school: string) =>
      slugs.slugOf.has(school) ? paths.school(slugs.slugOf.get(school)!) : undefined,
    name: schoolName,
    relabel,
  };
  return (
    <LocaleContext.Provider value={locale}>
      <SchoolContext.Provider value={schools}>
        <NamePathContext.Provider value={(kind, name) => namePathOf(site, kind, name)}>
          <PageMetaContext.Provider value={meta}>{page}</PageMetaContext.Provider>
        </NamePathContext.Provider>
      </SchoolContext.Provider>
    </LocaleContext.Provider>
  );
}

export interface AddressedPage {
  content(): VNode;
  card(): PreviewCard;
}

export const card = (
  site: SiteContext,
  title: string,
  line: string,
  series?: readonly YearCount[],
): PreviewCard => ({
  title,
  line,
  series,
  host: new URL(site.origin).host,
  siteName: site.texts.siteName,
});
