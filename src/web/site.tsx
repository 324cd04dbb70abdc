import { GLOBAL_YEAR } from '../domain/categories.js';
import { apiErrors } from '../domain/api-messages.js';
import { searchKey } from '../domain/names.js';
import { decideParticipants, type Query } from '../domain/validation.js';
import type { FollowerState } from '../read-model/follower.js';
import type { Answer, PreparedResponse } from '../read-model/prepared-response.js';
import type { ReadModel } from '../read-model/read-model.js';
import { siteAssets, type SiteAsset, type SiteAssets } from './assets.js';
import { webTexts } from './copy.js';
import type { PageContext } from './layout.js';
import { HomePage } from './pages/home-page.js';
import { NotFoundPage, UnavailablePage } from './pages/message-pages.js';
import { SearchPage, type Participation, type SearchOutcome } from './pages/search-page.js';
import { StatisticsPage } from './pages/statistics-page.js';
import { pageForRequest, preparePage } from './page-answer.js';
import { yearStatistics } from './year-statistics.js';

/**
 * The public web pages, answered from the read model like the API. Each page is made
 * the first time it is asked for with a given model, then served as prepared bytes until
 * the model is replaced (a new data version); only a search's answer is made per request.
 */
export interface Site {
  /** `/` */
  home(state: FollowerState): Answer;
  /** `/estadisticas/{year}`: a published year or `global`, else the 404 page. */
  statistics(state: FollowerState, year: string): Answer;
  /** `GET /buscar`: the empty form. */
  searchForm(state: FollowerState): Answer;
  /**
   * `POST /buscar`: a search with the API's rules and the pages' own messages; it shows
   * only the records whose whole name is the one typed (case and accents aside).
   */
  search(state: FollowerState, form: Query): Answer;
  /** `POST /buscar` over the search limit: the form, refused with the API's 429 text. */
  tooManySearches(state: FollowerState, form: Query): Answer;
  /** Any other address outside the API. */
  notFound(state: FollowerState): Answer;
  /** The stylesheet and the icon. */
  assets: readonly SiteAsset[];
}

/** Every page of one read model, each made on first use. */
interface ModelPages {
  home(): PreparedResponse;
  statistics(year: string): PreparedResponse;
  searchForm(): PreparedResponse;
  search(form: Query): PreparedResponse;
  tooManySearches(form: Query): PreparedResponse;
  notFound(): PreparedResponse;
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

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function pagesOf(model: ReadModel, assets: SiteAssets): ModelPages {
  const { catalog, directory } = model;
  const context: PageContext = {
    stylesheet: assets.stylesheet.path,
    icon: assets.icon.path,
    isUpdating: catalog.isUpdating,
  };
  const companies = directory.index.companies;
  const notFound = once(() => preparePage(404, <NotFoundPage context={context} years={catalog.years} />));
  const byYear = new Map<string, PreparedResponse>();

  const searchAnswer = (
    statusCode: number,
    input: { name: string; company: string },
    outcome: SearchOutcome,
  ) =>
    pageForRequest(
      statusCode,
      <SearchPage
        context={context}
        companies={companies}
        years={catalog.yearSet}
        input={input}
        outcome={outcome}
      />,
    );

  return {
    home: once(() =>
      preparePage(
        200,
        <HomePage
          context={context}
          years={catalog.years}
          global={yearStatistics(catalog, GLOBAL_YEAR)}
          companies={companies}
        />,
      ),
    ),
    statistics(year) {
      if (!catalog.yearSet.has(year)) return notFound();
      let page = byYear.get(year);
      if (page === undefined) {
        page = preparePage(
          200,
          <StatisticsPage
            context={context}
            year={year}
            years={catalog.years}
            records={yearStatistics(catalog, year)}
          />,
        );
        byYear.set(year, page);
      }
      return page;
    },
    searchForm: once(() =>
      preparePage(200, <SearchPage context={context} companies={companies} years={catalog.yearSet} />),
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
    notFound,
  };
}

export function createSite(): Site {
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
      if (modelPages === undefined) pages.set(state.model, (modelPages = pagesOf(state.model, assets)));
      return answer(modelPages, ...args);
    };
  return {
    home: fromModel((model) => model.home()),
    statistics: fromModel((model, year: string) => model.statistics(year)),
    searchForm: fromModel((model) => model.searchForm()),
    search: fromModel((model, form: Query) => model.search(form)),
    tooManySearches: fromModel((model, form: Query) => model.tooManySearches(form)),
    notFound: fromModel((model) => model.notFound()),
    assets: assets.all,
  };
}
