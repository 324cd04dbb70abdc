import { LRUCache } from 'lru-cache';
import type { VNode } from 'preact';
import { GLOBAL_YEAR } from '../domain/categories.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import type { PageContext } from './layout.js';
import { LocaleContext, type Language, type Locale } from './locale.js';
import { datasetJsonLd, PageMetaContext } from './page-meta.js';
import { previewPath, type PreviewCard } from './preview-card.js';
import type { NameFact, NameKind } from '../domain/statistics/name-facts.js';
import { NamePathContext, SchoolContext } from './name-links.js';
import { EMPTY_SLUG, schoolSlugs } from './school-slugs.js';
import type { SiteData } from './site-data.js';
import { fullOrPublic } from './year-statistics.js';

/** How many answers `perKey` keeps, of one kind, per read model and language. */
export const KEPT_PER_KIND = 64;

/**
 * `make(key)` made once per key and kept among the `max` most recently used; an
 * `undefined` answer is not kept, so unknown keys cost no memory. Bounded: the name pages,
 * their images and data are a long tail (over two thousand addresses at scale 1) that a
 * crawler walks once per model.
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
  /** Each school's most frequent first name in a year (or over all of them), as published. */
  const commonNames = perKey((year): ReadonlyMap<string, string> => {
    const category = year === GLOBAL_YEAR ? 'commonNameBySchool' : 'commonNameBySchoolByYear';
    const items = fullOrPublic(SHAPES.nameBySchool, data.recordsOf(year).get(category)) ?? [];
    return new Map(items.map((item) => [item.school, item.name]));
  });
  /** A school's name on the pages of each language: the one the operator gave it there, else the lists'. */
  const schoolNames = {
    es: nameIn(data.schoolLabels.es),
    eu: nameIn(data.schoolLabels.eu),
  } satisfies Record<Language, (school: string) => string>;
  /** A summary with the schools named as each language's pages name them. */
  const relabels = {
    es: relabelling(data.schoolLabels.es),
    eu: relabelling(data.schoolLabels.eu),
  } satisfies Record<Language, (text: string) => string>;
  /** The slug of each school's CSV files, from the lists' name: one set of files for both languages. */
  const fileSlugs = schoolSlugs(firstYears.keys());
  /** The slug of each school's page in each language, from its name there (`/eu/konpainiak/beste-konpainiak`). */
  const pageSlugs = {
    es: schoolSlugs(firstYears.keys(), EMPTY_SLUG, schoolNames.es),
    eu: schoolSlugs(firstYears.keys(), 'konpainia', schoolNames.eu),
  } satisfies Record<Language, typeof fileSlugs>;
  /** The slug of each first name's and surname's page (by its key), and the key of each slug; made on first use. */
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

/** A school's name where `labels` has one, else the lists'. */
const nameIn = (labels: ReadonlyMap<string, string>) => (school: string) => labels.get(school) ?? school;

/** A name's slug when nothing of it is a letter or digit of an address. */
const NAME_EMPTY_SLUGS: Record<NameKind, string> = { firstName: 'nombre', surname: 'apellido' };

export type ModelContext = ReturnType<typeof modelContext>;

/**
 * The pages of one read model in one language: the model's context, the locale and the data's
 * JSON-LD in it, the schools' pages and names in it; `alternates`, a path's page in each
 * language (the page table's, which the pages cannot import).
 */
export function siteContext(
  model: ModelContext,
  locale: Locale,
  alternates: (path: string, query: string) => Record<Language, string>,
) {
  // The JSON-LD `Dataset` every page with an address carries.
  const dataset = datasetJsonLd(model.origin, model.data.years, locale);
  const { language } = locale;
  return {
    ...model,
    locale,
    texts: locale.texts,
    paths: locale.paths,
    dataset,
    /** Each school's page slug in this language, and the school of each. */
    slugs: model.pageSlugs[language],
    /** A school's name on these pages. */
    schoolName: model.schoolNames[language],
    /** A summary with the schools named as these pages name them (a name is bold in a summary: `**Otras compañías**`). */
    relabel: model.relabels[language],
    alternates,
  };
}

/** A text's `**school**` runs, each with the school's name in `labels`. */
function relabelling(labels: ReadonlyMap<string, string>): (text: string) => string {
  if (labels.size === 0) return (text) => text;
  return (text) => {
    let relabelled = text;
    for (const [school, label] of labels) relabelled = relabelled.replaceAll(`**${school}**`, `**${label}**`);
    return relabelled;
  };
}

/** What the pages and files of one read model in one language are made from, made once per model. */
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

/**
 * A page with what every page is given: its language, school links, and for a page with an
 * address, its meta; `query` is part of the address (a comparison's `?n=…`), in every language.
 */
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

/** A page with an address: what it shows, and the card of its preview image. */
export interface AddressedPage {
  content(): VNode;
  card(): PreviewCard;
}

/** A preview card of this site. */
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
