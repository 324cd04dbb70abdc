import type { VNode } from 'preact';
import { apiErrors } from '../domain/api-messages.js';
import { CATEGORY_IDS, GLOBAL_YEAR, type CategoryId } from '../domain/categories.js';
import { searchKey } from '../domain/names.js';
import { decideParticipants, type Query } from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import type { Answer, PreparedResponse } from '../http/answer.js';
import type { ReadModel } from '../read-model/read-model.js';
import type { PendingSearch } from '../http/search-budget.js';
import { aboutTexts, metaTexts, webTexts } from './copy.js';
import { PAGE_PATHS, type PageContext } from './layout.js';
import { categoryApiPath, csvAnswer, downloadPath, DownloadsContext, type CsvTable } from './open-data.js';
import { datasetJsonLd, PageMetaContext } from './page-meta.js';
import { pageForRequest, preparePage } from './page-answer.js';
import { AboutPage } from './pages/about-page.js';
import { HomePage } from './pages/home-page.js';
import { NotFoundPage, UnavailablePage } from './pages/message-pages.js';
import { SchoolPage, editionsOf, type SchoolFacts } from './pages/school-page.js';
import { SearchPage, type SearchOutcome } from './pages/search-page.js';
import { StatisticsPage } from './pages/statistics-page.js';
import { previewAnswer, PREVIEWS_PATH, type PreviewCard } from './preview-card.js';
import { movedPermanently } from './redirects.js';
import { SchoolPathContext } from './school-links.js';
import { schoolSlugs } from './school-slugs.js';
import { faviconAnswer, robotsAnswer, siteAssets, sitemapAnswer, type SiteAsset } from './site-files.js';
import { statisticTable, yearCountsTable } from './statistic-tables.js';
import { PUBLIC_DATA_SHAPES as SHAPES, type YearCount } from '../domain/answer-shapes.js';
import { fullOrPublic, parsed, totalOf } from './year-statistics.js';

export interface SiteOptions {
  /** The public origin (`PUBLIC_URL`), for the addresses other sites read: canonical, cards, sitemap. */
  publicUrl: string;
  /** Where families ask for a removal (`PRIVACY_CONTACT`), shown on the about page. */
  privacyContact?: string | undefined;
}

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** `make(key)` made once per key; an `undefined` answer is not kept, so unknown keys cost no memory. */
function perKey<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined && (value = make(key)) !== undefined) made.set(key, value);
    return value;
  };
}

/** A page's preview image: `/vista-previa/inicio.png`, `estadisticas-2024.png`, `companias-zubia.png`. */
const previewPath = (path: string) =>
  `${PREVIEWS_PATH}/${path === PAGE_PATHS.home ? 'inicio' : path.slice(1).replace('/', '-')}.png`;
const pathOfPreview = (name: string) => (name === 'inicio' ? PAGE_PATHS.home : `/${name.replace('-', '/')}`);

const STATISTIC_FILE = /^([0-9]{4}|global)-([A-Za-z]+)\.csv$/;
const SCHOOL_FILE = /^companias-([a-z0-9-]+)-(participantes|nombres)\.csv$/;
const PREVIEW_FILE = /^([a-z0-9-]+)\.png$/;
const SECTION_PAGE = /^\/(estadisticas|companias)\/([a-z0-9-]+)$/;

const table = webTexts.table;

/** A page with an address: what it shows, and the card of its preview image. */
interface AddressedPage {
  content(): VNode;
  card(): PreviewCard;
}

/** Every page and file of one read model, each made on first use and then served as prepared bytes. */
function pagesOf(
  model: ReadModel,
  contextOf: (isUpdating: boolean) => PageContext,
  origin: string,
  privacyContact: string | undefined,
) {
  const { statistics: catalog, participants } = model;
  const context = contextOf(model.isUpdating);
  const companies = participants.companies;
  const dataset = datasetJsonLd(origin, catalog.years);
  const records = (year: string) => catalog.recordsOf(year);
  const card = (title: string, line: string, series?: readonly YearCount[]): PreviewCard => {
    return { title, line, series, host: new URL(origin).host };
  };

  // Schools with participants in a published edition, each with a page.
  const published = catalog.years
    .filter((year) => year !== GLOBAL_YEAR)
    .map(Number)
    .sort((a, b) => a - b);
  const rowsBySchool = participants.rowsBySchool;
  const firstYears = new Map<string, number>();
  for (const [school, byYear] of rowsBySchool) {
    const first = published.find((year) => (byYear.get(year) ?? 0) > 0);
    if (first !== undefined) firstYears.set(school, first);
  }
  const slugs = schoolSlugs(firstYears.keys());
  const schoolPath = (school: string) =>
    slugs.slugOf.has(school) ? PAGE_PATHS.school(slugs.slugOf.get(school)!) : undefined;

  /** A page with what every page is given: school links, and for a page with an address, its meta. */
  const withSite = (page: VNode, path?: string) => {
    const meta = path === undefined ? undefined : { origin, path, image: previewPath(path), dataset };
    return (
      <SchoolPathContext.Provider value={schoolPath}>
        <PageMetaContext.Provider value={meta}>{page}</PageMetaContext.Provider>
      </SchoolPathContext.Provider>
    );
  };

  const notFound = once(() =>
    preparePage(404, withSite(<NotFoundPage context={context} years={catalog.years} />)),
  );

  const csvOf = (year: string, category: CategoryId): CsvTable | undefined => {
    const record = records(year).get(category);
    return record && statisticTable(category, record);
  };
  const statisticDownload = (year: string, category: CategoryId) =>
    csvOf(year, category) && {
      csv: downloadPath(`${year}-${category}.csv`),
      json: categoryApiPath(year, category),
    };

  /** Each school's most frequent first name in a year (or over all of them), as published. */
  const commonNames = perKey((year) => {
    const category = year === GLOBAL_YEAR ? 'commonNameBySchool' : 'commonNameBySchoolByYear';
    const items = fullOrPublic(SHAPES.nameBySchool, records(year).get(category)) ?? [];
    return new Map(items.map((item) => [item.school, item.name]));
  });

  const schoolFacts = (school: string): SchoolFacts => {
    const byYear = rowsBySchool.get(school)!;
    return {
      school,
      participants: published
        .filter((year) => year >= firstYears.get(school)!)
        .map((year) => ({ year, count: byYear.get(year) ?? 0 })),
      commonNames: published.flatMap((year) => {
        const name = commonNames(String(year)).get(school);
        return name === undefined ? [] : [{ year, name }];
      }),
      commonNameOverall: commonNames(GLOBAL_YEAR).get(school),
      firstEditionOfData: published[0]!,
    };
  };

  const schoolTable = (school: string, kind: string): CsvTable => {
    const facts = schoolFacts(school);
    if (kind === 'participantes')
      return { ...yearCountsTable(facts.participants), columns: [table.year, table.participants] };
    return {
      columns: [table.year, table.commonName],
      rows: facts.commonNames.map((item) => [item.year, item.name]),
    };
  };

  const totalsCard = (title: string) => {
    const totals = parsed(SHAPES.yearCounts, records(GLOBAL_YEAR).get('totalParticipants')?.publicData) ?? [];
    const series = [...totals].sort((a, b) => a.year - b.year);
    return card(title, metaTexts.card.home(series.length, totalOf(series)), series);
  };

  const yearPage = (year: string): AddressedPage => ({
    content: () => (
      <DownloadsContext.Provider value={(category) => statisticDownload(year, category)}>
        <StatisticsPage context={context} year={year} years={catalog.years} records={records(year)} />
      </DownloadsContext.Provider>
    ),
    card: () => {
      if (year === GLOBAL_YEAR) return totalsCard(webTexts.statistics.globalTitle);
      const participants = parsed(
        SHAPES.yearCounts,
        records(year).get('totalParticipantsByYear')?.publicData,
      );
      const line = participants ? metaTexts.card.year(totalOf(participants)) : '';
      return card(webTexts.statistics.yearTitle(year), line);
    },
  });

  const schoolPage = (slug: string, school: string): AddressedPage => ({
    content: () => (
      <SchoolPage
        context={context}
        facts={schoolFacts(school)}
        downloads={{
          participants: {
            csv: downloadPath(`companias-${slug}-participantes.csv`),
            json: categoryApiPath(GLOBAL_YEAR, 'schoolsEvolution'),
          },
          names: {
            csv: downloadPath(`companias-${slug}-nombres.csv`),
            json: categoryApiPath(String(published.at(-1) ?? GLOBAL_YEAR), 'commonNameBySchoolByYear'),
          },
        }}
      />
    ),
    card: () => {
      const facts = schoolFacts(school);
      const editions = editionsOf(facts);
      const line = metaTexts.card.school(editions.length, totalOf(editions), editions[0]!.year);
      return card(school, line, facts.participants);
    },
  });

  const pageAt = (path: string): AddressedPage | undefined => {
    switch (path) {
      case PAGE_PATHS.home:
        return {
          content: () => (
            <HomePage
              context={context}
              years={catalog.years}
              global={records(GLOBAL_YEAR)}
              companies={companies}
              participantsDownload={statisticDownload(GLOBAL_YEAR, 'totalParticipants')}
            />
          ),
          card: () => totalsCard(webTexts.home.title),
        };
      case PAGE_PATHS.search:
        return {
          content: () => <SearchPage context={context} companies={companies} years={catalog.yearSet} />,
          card: () => card(webTexts.search.title, metaTexts.card.search),
        };
      case PAGE_PATHS.about:
        return {
          content: () => <AboutPage context={context} contact={privacyContact} />,
          card: () => card(aboutTexts.title, metaTexts.card.about),
        };
    }
    const [, section, key = ''] = SECTION_PAGE.exec(path) ?? [];
    if (section === 'estadisticas' && catalog.yearSet.has(key)) return yearPage(key);
    const school = section === 'companias' ? slugs.schoolOf.get(key) : undefined;
    return school === undefined ? undefined : schoolPage(key, school);
  };

  const pageFile = perKey((path) => {
    const page = pageAt(path);
    return page && preparePage(200, withSite(page.content(), path));
  });
  const pageOrNotFound = (path: string) => pageFile(path) ?? notFound();

  const searchAnswer = (statusCode: number, form: Query, outcome: SearchOutcome) =>
    pageForRequest(
      statusCode,
      withSite(
        <SearchPage
          context={context}
          companies={companies}
          years={catalog.yearSet}
          input={{ name: form.name ?? '', company: form.company ?? '' }}
          outcome={outcome}
        />,
        PAGE_PATHS.search,
      ),
    );

  /** The table of a file name, when it names a statistic or a school that has one. */
  const tableOf = (file: string) => {
    const statistic = STATISTIC_FILE.exec(file);
    if (statistic) {
      const [, year, category] = statistic as unknown as [string, string, CategoryId];
      if (!catalog.yearSet.has(year) || !CATEGORY_IDS.includes(category)) return undefined;
      return csvOf(year, category);
    }
    const ofSchool = SCHOOL_FILE.exec(file);
    const school = ofSchool && slugs.schoolOf.get(ofSchool[1]!);
    return school ? schoolTable(school, ofSchool[2]!) : undefined;
  };
  const csvFile = perKey((file) => {
    const table = tableOf(file);
    return table && csvAnswer(table);
  });

  const previewFile = perKey((image) => {
    const name = PREVIEW_FILE.exec(image)?.[1];
    const page = name === undefined ? undefined : pageAt(pathOfPreview(name));
    return page && previewAnswer(page.card());
  });

  return {
    home: () => pageOrNotFound(PAGE_PATHS.home),
    /** `/estadisticas/{year}`: a published year or `global`, else the 404 page. */
    statistics: (year: string) => pageOrNotFound(PAGE_PATHS.statistics(year)),
    /** `/companias/{slug}`: a school with participants in a published year, else the 404 page. */
    school: (slug: string) => pageOrNotFound(PAGE_PATHS.school(slug)),
    about: () => pageOrNotFound(PAGE_PATHS.about),
    /** `GET /buscar`: the empty form. */
    searchForm: () => pageOrNotFound(PAGE_PATHS.search),
    /** `POST /buscar`: a search, with the API's rules and messages, under the search budgets. */
    search(form: Query): PreparedResponse | PendingSearch {
      const decision = decideParticipants(form);
      if (decision.kind !== 'ok') return searchAnswer(400, form, { refusal: refusal(form) });
      const { normalizedName, company } = decision;
      return {
        kind: 'search',
        channel: 'form',
        school: company,
        children: participants.childrenOf(company),
        run() {
          const typed = searchKey(normalizedName);
          // The API's search finds the name inside longer ones; the form shows only the child named.
          const found = (participants.search(normalizedName, company)?.matches ?? []).filter(
            (participation) => searchKey(participation.name) === typed,
          );
          return { answer: searchAnswer(200, form, { found }), names: found.length > 0 ? [typed] : [] };
        },
        /** Refused by a budget: the form, with the API's 429 text. */
        refused: () => searchAnswer(429, form, { refusal: apiErrors.rateLimited.text }),
      };
    },
    /** `/datos/{file}`: a statistic of a page as CSV, else the 404 page. */
    download: (file: string) => csvFile(file) ?? notFound(),
    /** `/vista-previa/{image}`: the preview card of a page as PNG, else the 404 page. */
    preview: (image: string) => previewFile(image) ?? notFound(),
    robots: once(() => robotsAnswer(origin)),
    /** `/sitemap.xml`: every year and school page. */
    sitemap: once(() =>
      sitemapAnswer(origin, [
        PAGE_PATHS.home,
        ...catalog.years.map(PAGE_PATHS.statistics),
        ...[...slugs.schoolOf.keys()].map(PAGE_PATHS.school),
        PAGE_PATHS.search,
        PAGE_PATHS.about,
      ]),
    ),
    /** `/statistics/{year}` of the original site: 301 to the year's page when it is published. */
    originalStatistics: (year: string) =>
      catalog.yearSet.has(year) ? movedPermanently(PAGE_PATHS.statistics(year)) : notFound(),
    /** Any other address outside the API. */
    notFound,
  };
}

/** Why the form could not search, in the pages' words: what is missing, or too short. */
function refusal(form: Query): string {
  const errors = webTexts.search.errors;
  const nameMissing = (form.name ?? '').trim() === '';
  const companyMissing = (form.company ?? '') === '';
  if (nameMissing && companyMissing) return errors.nothing;
  if (nameMissing) return errors.name;
  if (companyMissing) return errors.company;
  return errors.nameTooShort;
}

/** The answers of one read model's pages, by address. */
export type ModelPages = ReturnType<typeof pagesOf>;

/** The public web pages, answered from the read model like the API. */
export interface Site {
  /** The pages of the read model being served; while none is, every address answers the error page. */
  at(state: FollowerState): ModelPages;
  favicon(): Answer;
  /** The stylesheet and the icon. */
  assets: readonly SiteAsset[];
}

export function createSite({ publicUrl, privacyContact }: SiteOptions): Site {
  const assets = siteAssets();
  const contextOf = (isUpdating: boolean) => ({
    stylesheet: assets.stylesheet.path,
    icon: assets.icon.path,
    isUpdating,
  });
  const unavailable = once(() => preparePage(500, <UnavailablePage context={contextOf(false)} />));
  const unavailablePages = new Proxy({}, { get: () => unavailable }) as ModelPages;
  // One set of pages per read model: the old pages go with the old model.
  const pages = new WeakMap<ReadModel, ModelPages>();
  return {
    at(state) {
      if (state.kind !== 'ready') return unavailablePages;
      let modelPages = pages.get(state.model);
      if (modelPages === undefined)
        pages.set(state.model, (modelPages = pagesOf(state.model, contextOf, publicUrl, privacyContact)));
      if (state.searchClosed === undefined) return modelPages;
      // The search fails closed like the API's (a form it would refuse is still refused).
      const { search } = modelPages;
      return {
        ...modelPages,
        search: (form) => (decideParticipants(form).kind === 'ok' ? unavailable() : search(form)),
      };
    },
    favicon: faviconAnswer,
    assets: [assets.stylesheet, assets.icon],
  };
}
