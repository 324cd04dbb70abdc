import type { VNode } from 'preact';
import { apiErrors } from '../domain/api-messages.js';
import { CATEGORY_IDS, GLOBAL_YEAR, type CategoryId } from '../domain/categories.js';
import { searchKey } from '../domain/names.js';
import { decideParticipants, type Query } from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import type { Answer, PreparedResponse } from '../read-model/prepared-response.js';
import type { ReadModel } from '../read-model/read-model.js';
import { siteAssets, type SiteAsset, type SiteAssets } from './assets.js';
import { aboutTexts, metaTexts, webTexts } from './copy.js';
import { datasetJsonLd } from './dataset.js';
import { PAGE_PATHS, type PageContext } from './layout.js';
import { categoryApiPath, csvAnswer, downloadPath, DownloadsContext, type Download } from './open-data.js';
import { PageMetaContext } from './page-meta.js';
import { pageForRequest, preparePage } from './page-answer.js';
import { AboutPage } from './pages/about-page.js';
import { HomePage } from './pages/home-page.js';
import { NotFoundPage, UnavailablePage } from './pages/message-pages.js';
import { SchoolPage, editionsOf, type SchoolFacts } from './pages/school-page.js';
import { SearchPage, type Participation, type SearchOutcome } from './pages/search-page.js';
import { StatisticsPage } from './pages/statistics-page.js';
import { previewAnswer, PREVIEWS_PATH, type PreviewCard } from './preview-card.js';
import { movedPermanently } from './redirects.js';
import { SchoolPathContext } from './school-links.js';
import { schoolSlugs } from './school-slugs.js';
import { faviconAnswer, robotsAnswer, sitemapAnswer } from './site-files.js';
import { statisticTable } from './statistic-csv.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { yearStatistics, type StatisticRecord } from './year-statistics.js';

/**
 * The public web pages, answered from the read model like the API. Each page, file and
 * preview image is made the first time it is asked for with a given model, then served
 * as prepared bytes until the model is replaced (a new data version); only a search's
 * answer is made per request.
 */
export interface Site {
  /** `/` */
  home(state: FollowerState): Answer;
  /** `/estadisticas/{year}`: a published year or `global`, else the 404 page. */
  statistics(state: FollowerState, year: string): Answer;
  /** `/companias/{slug}`: a school with participants in a published year, else the 404 page. */
  school(state: FollowerState, slug: string): Answer;
  /** `/acerca` */
  about(state: FollowerState): Answer;
  /** `GET /buscar`: the empty form. */
  searchForm(state: FollowerState): Answer;
  /** `POST /buscar`: a search, with the API's rules and messages. */
  search(state: FollowerState, form: Query): Answer;
  /** `/datos/{file}`: a statistic of a page as CSV, else the 404 page. */
  download(state: FollowerState, file: string): Answer;
  /** `/vista-previa/{image}`: the preview card of a page as PNG, else the 404 page. */
  preview(state: FollowerState, image: string): Answer;
  /** `/robots.txt` */
  robots(state: FollowerState): Answer;
  /** `/sitemap.xml`: every year and school page. */
  sitemap(state: FollowerState): Answer;
  /** `/favicon.ico` */
  favicon(): Answer;
  /** `/statistics/{year}` of the original site: 301 to the year's page when it is published. */
  originalStatistics(state: FollowerState, year: string): Answer;
  /** `POST /buscar` over the search limit: the form, refused with the API's 429 text. */
  tooManySearches(state: FollowerState, form: Query): Answer;
  /** Any other address outside the API. */
  notFound(state: FollowerState): Answer;
  /** The stylesheet and the icon. */
  assets: readonly SiteAsset[];
}

export interface SiteOptions {
  /** The public origin (`PUBLIC_URL`), for the addresses other sites read: canonical, cards, sitemap. */
  publicUrl: string;
}

/** Every page and file of one read model, each made on first use. */
interface ModelPages {
  home(): PreparedResponse;
  statistics(year: string): PreparedResponse;
  school(slug: string): PreparedResponse;
  about(): PreparedResponse;
  searchForm(): PreparedResponse;
  search(form: Query): PreparedResponse;
  download(file: string): PreparedResponse;
  preview(image: string): PreparedResponse;
  robots(): PreparedResponse;
  sitemap(): PreparedResponse;
  originalStatistics(year: string): PreparedResponse;
  tooManySearches(form: Query): PreparedResponse;
  notFound(): PreparedResponse;
}

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** `make(key)` made once per key. */
function perKey<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
}

/** The name of a page's preview image: `inicio`, `estadisticas-2024`, `companias-zubia`. */
const PREVIEW_NAMES = {
  home: 'inicio',
  statistics: (year: string) => `estadisticas-${year}`,
  school: (slug: string) => `companias-${slug}`,
  search: 'buscar',
  about: 'acerca',
} as const;

const previewPath = (name: string) => `${PREVIEWS_PATH}/${name}.png`;

const STATISTIC_FILE = /^([0-9]{4}|global)-([A-Za-z]+)\.csv$/;
const SCHOOL_FILE = /^companias-([a-z0-9-]+)-(participantes|nombres)\.csv$/;
const PREVIEW_FILE = /^([a-z0-9-]+)\.png$/;

const numericYears = (years: readonly string[]) => years.filter((year) => year !== GLOBAL_YEAR).map(Number);

const sum = (points: readonly YearCount[]) => points.reduce((total, point) => total + point.count, 0);

function pagesOf(model: ReadModel, assets: SiteAssets, origin: string): ModelPages {
  const { catalog, directory } = model;
  const context: PageContext = {
    stylesheet: assets.stylesheet.path,
    icon: assets.icon.path,
    isUpdating: catalog.isUpdating,
  };
  const companies = directory.index.companies;
  const dataset = datasetJsonLd(origin, catalog.years);
  const records = perKey((year) => yearStatistics(catalog, year));

  // Schools with participants in a published edition, each with a page.
  const published = numericYears(catalog.years).sort((a, b) => a - b);
  const publishedSet = new Set(published);
  const schoolYears = new Map<string, YearCount[]>();
  for (const [school, byYear] of directory.index.rowsBySchool) {
    const points = [...byYear]
      .filter(([year, count]) => publishedSet.has(year) && count > 0)
      .map(([year, count]) => ({ year, count }))
      .sort((a, b) => a.year - b.year);
    if (points.length > 0) schoolYears.set(school, points);
  }
  const slugs = schoolSlugs(schoolYears.keys());
  const schoolPath = (school: string) => {
    const slug = slugs.slugOf.get(school);
    return slug === undefined ? undefined : PAGE_PATHS.school(slug);
  };

  /** A page with what every page is given: school links, and for a page with an address, its meta. */
  const withSite = (page: VNode, path?: string, preview?: string) => (
    <SchoolPathContext.Provider value={schoolPath}>
      {path === undefined || preview === undefined ? (
        page
      ) : (
        <PageMetaContext.Provider value={{ origin, path, image: previewPath(preview), dataset }}>
          {page}
        </PageMetaContext.Provider>
      )}
    </SchoolPathContext.Provider>
  );

  const notFound = once(() =>
    preparePage(404, withSite(<NotFoundPage context={context} years={catalog.years} />)),
  );

  const statisticDownload = (year: string, category: CategoryId): Download | undefined => {
    const record = records(year).get(category);
    if (record === undefined || statisticTable(category, record) === undefined) return undefined;
    return { csv: downloadPath(`${year}-${category}.csv`), json: categoryApiPath(year, category) };
  };

  /** The most frequent first name of each school in each edition, from the published statistic. */
  const commonNames = once(() => {
    const bySchool = new Map<string, { year: number; name: string }[]>();
    for (const year of published) {
      const record = records(String(year)).get('commonNameBySchoolByYear');
      const items = record && namesBySchool(record);
      for (const item of items ?? []) {
        let names = bySchool.get(item.school);
        if (names === undefined) bySchool.set(item.school, (names = []));
        names.push({ year, name: item.name });
      }
    }
    const overall = new Map(
      (namesBySchool(records(GLOBAL_YEAR).get('commonNameBySchool')) ?? []).map((item) => [
        item.school,
        item.name,
      ]),
    );
    return { bySchool, overall };
  });

  const schoolFacts = (school: string): SchoolFacts => {
    const points = schoolYears.get(school)!;
    const counts = new Map(points.map((point) => [point.year, point.count]));
    const first = points[0]!.year;
    const names = commonNames();
    return {
      school,
      participants: published
        .filter((year) => year >= first)
        .map((year) => ({ year, count: counts.get(year) ?? 0 })),
      commonNames: names.bySchool.get(school) ?? [],
      commonNameOverall: names.overall.get(school),
      firstEditionOfData: published[0]!,
    };
  };

  const schoolDownloads = (slug: string) => ({
    participants: {
      csv: downloadPath(`companias-${slug}-participantes.csv`),
      json: categoryApiPath(GLOBAL_YEAR, 'schoolsEvolution'),
    },
    names: {
      csv: downloadPath(`companias-${slug}-nombres.csv`),
      json: categoryApiPath(String(published.at(-1) ?? GLOBAL_YEAR), 'commonNameBySchoolByYear'),
    },
  });

  const totals = () => {
    const parsed = SHAPES.yearCounts.safeParse(records(GLOBAL_YEAR).get('totalParticipants')?.publicData);
    return parsed.success ? [...parsed.data].sort((a, b) => a.year - b.year) : [];
  };

  const card = (title: string, line: string, series?: readonly YearCount[]): PreviewCard => ({
    title,
    line,
    series,
    host: new URL(origin).host,
  });

  /** The preview card of each page that has one. */
  const cardOf = (name: string): PreviewCard | undefined => {
    if (name === PREVIEW_NAMES.home || name === PREVIEW_NAMES.statistics(GLOBAL_YEAR)) {
      const series = totals();
      const title = name === PREVIEW_NAMES.home ? webTexts.home.title : webTexts.statistics.globalTitle;
      return card(title, metaTexts.card.home(series.length, sum(series)), series);
    }
    if (name === PREVIEW_NAMES.search) return card(webTexts.search.title, metaTexts.card.search);
    if (name === PREVIEW_NAMES.about) return card(aboutTexts.title, metaTexts.card.about);
    const year = /^estadisticas-([0-9]{4})$/.exec(name)?.[1];
    if (year !== undefined && catalog.yearSet.has(year)) {
      const participants = SHAPES.yearCounts.safeParse(
        records(year).get('totalParticipantsByYear')?.publicData,
      );
      const line = participants.success ? metaTexts.card.year(sum(participants.data)) : '';
      return card(webTexts.statistics.yearTitle(year), line);
    }
    const slug = /^companias-([a-z0-9-]+)$/.exec(name)?.[1];
    const school = slug === undefined ? undefined : slugs.schoolOf.get(slug);
    if (school !== undefined) {
      const facts = schoolFacts(school);
      const editions = editionsOf(facts);
      return card(
        school,
        metaTexts.card.school(editions.length, sum(editions), editions[0]!.year),
        facts.participants,
      );
    }
    return undefined;
  };

  const schoolTable = (school: string, kind: string) => {
    const facts = schoolFacts(school);
    const columns = webTexts.table;
    return kind === 'participantes'
      ? {
          columns: [columns.year, columns.participants],
          rows: facts.participants.map((point) => [point.year, point.count]),
        }
      : {
          columns: [columns.year, columns.commonName],
          rows: facts.commonNames.map((item) => [item.year, item.name]),
        };
  };

  const searchAnswer = (
    statusCode: number,
    input: { name: string; company: string },
    outcome: SearchOutcome,
  ) =>
    pageForRequest(
      statusCode,
      withSite(
        <SearchPage
          context={context}
          companies={companies}
          years={catalog.yearSet}
          input={input}
          outcome={outcome}
        />,
        PAGE_PATHS.search,
        PREVIEW_NAMES.search,
      ),
    );

  const statisticsPage = perKey((year) =>
    preparePage(
      200,
      withSite(
        <DownloadsContext.Provider value={(category) => statisticDownload(year, category)}>
          <StatisticsPage context={context} year={year} years={catalog.years} records={records(year)} />
        </DownloadsContext.Provider>,
        PAGE_PATHS.statistics(year),
        PREVIEW_NAMES.statistics(year),
      ),
    ),
  );

  const schoolPage = perKey((slug) => {
    const school = slugs.schoolOf.get(slug)!;
    return preparePage(
      200,
      withSite(
        <SchoolPage context={context} facts={schoolFacts(school)} downloads={schoolDownloads(slug)} />,
        PAGE_PATHS.school(slug),
        PREVIEW_NAMES.school(slug),
      ),
    );
  });

  /** The table of a file name, when it names a statistic or a school that has one. */
  const tableOf = (file: string) => {
    const statistic = STATISTIC_FILE.exec(file);
    if (statistic) {
      const [, year, category] = statistic as unknown as [string, string, CategoryId];
      if (!catalog.yearSet.has(year) || !CATEGORY_IDS.includes(category)) return undefined;
      const record = records(year).get(category);
      return record && statisticTable(category, record);
    }
    const ofSchool = SCHOOL_FILE.exec(file);
    const school = ofSchool && slugs.schoolOf.get(ofSchool[1]!);
    return school ? schoolTable(school, ofSchool[2]!) : undefined;
  };
  // Kept only for names that exist: an unknown name costs no memory.
  const csvFile = perKey((file) => csvAnswer(tableOf(file)!));
  const download = (file: string) => (tableOf(file) === undefined ? notFound() : csvFile(file));

  const previewOf = (image: string) => {
    const name = PREVIEW_FILE.exec(image)?.[1];
    return name === undefined ? undefined : cardOf(name);
  };
  const previewFile = perKey((image) => previewAnswer(previewOf(image)!));
  const preview = (image: string) => (previewOf(image) === undefined ? notFound() : previewFile(image));

  const pagePaths = () => [
    PAGE_PATHS.home,
    ...catalog.years.map(PAGE_PATHS.statistics),
    ...[...slugs.schoolOf.keys()].map(PAGE_PATHS.school),
    PAGE_PATHS.search,
    PAGE_PATHS.about,
  ];

  return {
    home: once(() =>
      preparePage(
        200,
        withSite(
          <HomePage
            context={context}
            years={catalog.years}
            global={records(GLOBAL_YEAR)}
            companies={companies}
            participantsDownload={statisticDownload(GLOBAL_YEAR, 'totalParticipants')}
          />,
          PAGE_PATHS.home,
          PREVIEW_NAMES.home,
        ),
      ),
    ),
    statistics: (year) => (catalog.yearSet.has(year) ? statisticsPage(year) : notFound()),
    school: (slug) => (slugs.schoolOf.has(slug) ? schoolPage(slug) : notFound()),
    about: once(() =>
      preparePage(200, withSite(<AboutPage context={context} />, PAGE_PATHS.about, PREVIEW_NAMES.about)),
    ),
    searchForm: once(() =>
      preparePage(
        200,
        withSite(
          <SearchPage context={context} companies={companies} years={catalog.yearSet} />,
          PAGE_PATHS.search,
          PREVIEW_NAMES.search,
        ),
      ),
    ),
    search(form) {
      const input = { name: form.name ?? '', company: form.company ?? '' };
      const decision = decideParticipants(form);
      switch (decision.kind) {
        case 'paramsRequired':
        case 'nameTooShort':
          return searchAnswer(400, input, { kind: 'refused', message: refusal(input) });
        case 'ok': {
          const json = directory.index.searchJson(decision.normalizedName, decision.company);
          const typed = searchKey(decision.normalizedName);
          // The API's search finds the name inside longer ones; the form shows only the child named.
          const participations =
            json === undefined
              ? []
              : (JSON.parse(json) as { participants: Participation[] }).participants.filter(
                  (participation) => searchKey(participation.name) === typed,
                );
          if (participations.length === 0) return searchAnswer(200, input, { kind: 'notFound' });
          return searchAnswer(200, input, { kind: 'found', participations });
        }
      }
    },
    tooManySearches: (form) =>
      searchAnswer(
        429,
        { name: form.name ?? '', company: form.company ?? '' },
        { kind: 'refused', message: apiErrors.rateLimited.text },
      ),
    download,
    preview,
    robots: once(() => robotsAnswer(origin)),
    sitemap: once(() => sitemapAnswer(origin, pagePaths())),
    originalStatistics: (year) =>
      catalog.yearSet.has(year) ? movedPermanently(PAGE_PATHS.statistics(year)) : notFound(),
    notFound,
  };
}

/** Why the form could not search, in the pages' words: what is missing, or too short. */
function refusal(input: { name: string; company: string }): string {
  const errors = webTexts.search.errors;
  const nameMissing = input.name.trim() === '';
  const companyMissing = input.company === '';
  if (nameMissing && companyMissing) return errors.nothing;
  if (nameMissing) return errors.name;
  if (companyMissing) return errors.company;
  return errors.nameTooShort;
}

/** The items of a `commonNameBySchool*` statistic: its full list when it has one. */
function namesBySchool(record: StatisticRecord | undefined) {
  if (record === undefined) return undefined;
  const full = SHAPES.nameBySchool.safeParse(record.fullData);
  if (full.success) return full.data;
  const shown = SHAPES.nameBySchool.safeParse(record.publicData);
  return shown.success ? shown.data : undefined;
}

export function createSite({ publicUrl }: SiteOptions): Site {
  const assets = siteAssets();
  const unavailable = once(() =>
    preparePage(
      500,
      <UnavailablePage
        context={{ stylesheet: assets.stylesheet.path, icon: assets.icon.path, isUpdating: false }}
      />,
    ),
  );
  // One set of pages per read model: a new model (a new data version) starts afresh,
  // and the old pages go with the old model.
  const pages = new WeakMap<ReadModel, ModelPages>();
  const fromModel =
    <A extends unknown[]>(answer: (pages: ModelPages, ...args: A) => Answer) =>
    (state: FollowerState, ...args: A): Answer => {
      if (state.kind !== 'ready') return unavailable();
      let modelPages = pages.get(state.model);
      if (modelPages === undefined)
        pages.set(state.model, (modelPages = pagesOf(state.model, assets, publicUrl)));
      return answer(modelPages, ...args);
    };
  return {
    home: fromModel((model) => model.home()),
    statistics: fromModel((model, year: string) => model.statistics(year)),
    school: fromModel((model, slug: string) => model.school(slug)),
    about: fromModel((model) => model.about()),
    searchForm: fromModel((model) => model.searchForm()),
    search: fromModel((model, form: Query) => model.search(form)),
    download: fromModel((model, file: string) => model.download(file)),
    preview: fromModel((model, image: string) => model.preview(image)),
    robots: fromModel((model) => model.robots()),
    sitemap: fromModel((model) => model.sitemap()),
    favicon: faviconAnswer,
    originalStatistics: fromModel((model, year: string) => model.originalStatistics(year)),
    tooManySearches: fromModel((model, form: Query) => model.tooManySearches(form)),
    notFound: fromModel((model) => model.notFound()),
    assets: assets.all,
  };
}
