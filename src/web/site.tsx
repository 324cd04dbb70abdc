import { LRUCache } from 'lru-cache';
import { setImmediate } from 'node:timers/promises';
import type { ServerSettings } from '../config/index.js';
import { decideParticipants, type Query } from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import type { PreparedResponse } from '../answer/answer.js';
import type { ReadModel } from '../read-model/read-model.js';
import type { PageContext } from './layout.js';
import { LANGUAGES, LOCALES, LocaleContext, type ComparedKind, type Language } from './locale.js';
import { catalogueAnswer, type ApiOperation } from './data-catalogue.js';
import { dataPackageAnswer, publishedFiles, SCHEMA_FILE_PREFIX, schemaFiles } from './data-package.js';
import { chartFile, chartOf, movedChart } from './chart-files.js';
import { createCardPainter, type CardPainter } from './card-painter.js';
import { csvFiles, dataFile } from './model-files.js';
import { ARCHIVE_FILE, archiveAnswer } from './data-archive.js';
import { EMBED_POLICY, preparePage } from './page-answer.js';
import {
  alternatesOf,
  PAGES,
  pageOfPath,
  pathOf,
  type PageRequest,
  type PageRow,
  type Params,
  sitemapFile,
} from './page-table.js';
import { comparisonData } from './pages/compare-page.js';
import { EmbedPage } from './pages/embed-page.js';
import { NotFoundPage, UnavailablePage } from './pages/message-pages.js';
import { cardKey, pathOfPreview, type PreviewCard } from './preview-card.js';
import { movedPermanently } from './redirects.js';
import {
  KEPT_PER_KIND,
  modelContext,
  perKey,
  type ModelContext,
  siteContext,
  withSite,
  type SiteContext,
} from './site-context.js';
import { siteData } from './site-data.js';
import { faviconAnswer, robotsAnswer, siteAssets } from './site-files.js';

/** `PUBLIC_URL`, and if set `PRIVACY_CONTACT` (where families ask for a removal) and `PUBLISHER_DIR3`. */
type SiteOptions = Pick<ServerSettings, 'publicUrl'> &
  Partial<Pick<ServerSettings, 'privacyContact' | 'publisherDir3'>>;

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** One read model's pages in one language, each page knowing its address in the others. */
function contextIn(shared: ModelContext, language: Language): SiteContext {
  const site: SiteContext = siteContext(shared, LOCALES[language], (path, query) =>
    alternatesOf(site, path, query),
  );
  return site;
}

/** Cards worked out per turn of the event loop, which goes on serving between. */
const CARDS_PER_TURN = 32;

/** The card of every page of one read model, in each language, by the key of its PNG. */
async function modelCards(shared: ModelContext): Promise<Map<string, PreviewCard>> {
  const cards = new Map<string, PreviewCard>();
  for (const language of LANGUAGES) {
    const site = contextIn(shared, language);
    const addresses = PAGES.flatMap((row) => row.listed(site).map((params) => ({ row, params })));
    for (const [i, { row, params }] of addresses.entries()) {
      if (i % CARDS_PER_TURN === 0) await setImmediate();
      const card = row.make(site, params)?.card();
      if (card) cards.set(cardKey(card), card);
    }
  }
  return cards;
}

/** One read model's pages in one language, by address: each made on first use, then kept as prepared bytes. */
function modelPages(site: SiteContext, painter: CardPainter, publisherDir3: string | undefined) {
  const { paths } = site;
  const notFound = once(() =>
    preparePage(404, withSite(site, <NotFoundPage context={site.page} years={site.data.years} />)),
  );
  const pageFiles = new LRUCache<string, PreparedResponse>({ max: KEPT_PER_KIND });
  const prepared = (row: PageRow, params: Params) => {
    const path = pathOf(row, paths, params);
    let file = pageFiles.get(path);
    if (file === undefined) {
      const page = row.make(site, params);
      if (page === undefined) return undefined;
      pageFiles.set(path, (file = preparePage(200, withSite(site, page.content(), path))));
    }
    return file;
  };
  const csv = once(() => csvFiles(site));
  const csvByName = once(() => new Map(csv().map((file) => [file.file, file])));
  const download = perKey((file) => dataFile(site, csvByName(), file));
  const files = once(() => publishedFiles(site, csv()));
  const dataPackage = once(() => dataPackageAnswer(site, files()));
  const schemas = once(() => schemaFiles(files()));
  const archive = archiveAnswer(site, () => ({
    published: files(),
    dataPackage: dataPackage(),
    schemas: schemas(),
  }));
  let catalogue: PreparedResponse | undefined;
  const moved = (name: string, at: (name: string) => string) => {
    const now = movedChart(site, name);
    return now === undefined ? undefined : movedPermanently(at(now));
  };
  const chart = perKey(
    (file) =>
      chartFile(site, file) ?? (file.endsWith('.svg') ? moved(file.slice(0, -4), paths.chart) : undefined),
  );
  const embed = perKey((name) => {
    const shown = chartOf(site, name);
    if (shown === undefined) return moved(name, paths.embed);
    return preparePage(200, withSite(site, <EmbedPage site={site} chart={shown} />), EMBED_POLICY);
  });
  const previewKey = perKey((image) => {
    const path = pathOfPreview(paths, image);
    const found = path && pageOfPath(paths, path);
    const card = found && found.row.make(site, found.params)?.card();
    return card && cardKey(card);
  });
  return {
    /** A page of the table: its own answer (a redirect, a lookup, a comparison) or its prepared page, else 404. */
    page: (row: PageRow, params: Params, request: PageRequest) => {
      const own = () => prepared(row, params);
      return (row.answer ? row.answer(site, params, request, own) : own()) ?? notFound();
    },
    /** A form posted to a page (`POST /buscar`): a search, under the search budgets. */
    form: (row: PageRow, form: Query) => row.form!(site, form),
    compareData: (kind: ComparedKind, format: 'csv' | 'json', query: string) =>
      comparisonData(site, kind, format, query),
    /** `/datos/{file}`: a table as CSV or workbook, a name's JSON, a Table Schema, the archive; only a schema waits for every file's hash. */
    download: (file: string) =>
      (file === ARCHIVE_FILE
        ? archive()
        : file.startsWith(SCHEMA_FILE_PREFIX)
          ? schemas().get(file)
          : download(file)) ?? notFound(),
    dataPackage,
    catalogue: (operations: readonly ApiOperation[]) =>
      (catalogue ??= catalogueAnswer(site, files(), operations, publisherDir3)),
    /** A page's preview card as PNG (a 503 until drawn). */
    preview: (image: string) => {
      const key = previewKey(image);
      return key === undefined ? notFound() : painter.answer(key);
    },
    // A chart's SVG file and embeddable page; by an old name, a 301.
    chart: (file: string) => chart(file) ?? notFound(),
    embed: (name: string) => embed(name) ?? notFound(),
    robots: once(() => robotsAnswer(site.origin)),
    sitemap: once(() => sitemapFile(site)),
    /** `/statistics/{year}` of the original site: a 301 to the year's page. */
    originalStatistics: (year: string) =>
      site.data.yearSet.has(year) ? movedPermanently(paths.statistics(year)) : notFound(),
    notFound,
  };
}

export type ModelPages = ReturnType<typeof modelPages>;

/** The public web pages, answered from the read model like the API. */
export function createSite({ publicUrl, privacyContact, publisherDir3 }: SiteOptions) {
  const assets = siteAssets();
  const painter = createCardPainter();
  let latest: ModelContext | undefined;
  const contextOf = (isUpdating: boolean): PageContext => ({
    stylesheet: assets.stylesheet.path,
    icon: assets.icon.path,
    isUpdating,
  });
  const unavailableIn = (language: Language) => {
    const unavailable = once(() =>
      preparePage(
        500,
        <LocaleContext.Provider value={LOCALES[language]}>
          <UnavailablePage context={contextOf(false)} />
        </LocaleContext.Provider>,
      ),
    );
    return { unavailable, pages: unavailablePages(unavailable) };
  };
  const unavailable = { es: unavailableIn('es'), eu: unavailableIn('eu') };
  // One set of pages per read model and language: the old pages go with the old model.
  const pages = new WeakMap<
    ReadModel,
    { shared: ModelContext; languages: Partial<Record<Language, ModelPages>> }
  >();
  const sharedOf = (model: ReadModel) => {
    let made = pages.get(model);
    if (made === undefined) {
      const shared = modelContext(siteData(model), contextOf(model.isUpdating), publicUrl, privacyContact);
      pages.set(model, (made = { shared, languages: {} }));
      // The model is in service: its cards are drawn in the background.
      latest = shared;
      void modelCards(shared).then((cards) => latest === shared && painter.paint(cards));
    }
    return made;
  };
  const pagesOf = (model: ReadModel, language: Language) => {
    const made = sharedOf(model);
    return (made.languages[language] ??= modelPages(
      contextIn(made.shared, language),
      painter,
      publisherDir3,
    ));
  };
  return {
    /** The served model's pages in a language; while none is served, every address answers the error page. */
    at(state: FollowerState, language: Language = 'es'): ModelPages {
      if (state.kind !== 'ready') return unavailable[language].pages;
      const served = pagesOf(state.model, language);
      if (state.searchClosed === undefined) return served;
      // The search fails closed like the API's (a form it would refuse is still refused).
      const { form } = served;
      return {
        ...served,
        form: (row, fields) =>
          decideParticipants(fields).kind === 'ok' ? unavailable[language].unavailable() : form(row, fields),
      };
    },
    cardsOf: (model: ReadModel) => modelCards(sharedOf(model).shared),
    favicon: faviconAnswer,
    close: () => painter.close(),
    assets: [assets.stylesheet, assets.icon] as const,
  };
}

export type Site = ReturnType<typeof createSite>;

/** Every address answering the same error page (listed, so that a new page must be added here too). */
function unavailablePages(unavailable: () => PreparedResponse): ModelPages {
  return {
    page: unavailable,
    form: unavailable,
    compareData: unavailable,
    download: unavailable,
    dataPackage: unavailable,
    catalogue: unavailable,
    preview: unavailable,
    chart: unavailable,
    embed: unavailable,
    robots: unavailable,
    sitemap: unavailable,
    originalStatistics: unavailable,
    notFound: unavailable,
  };
}
