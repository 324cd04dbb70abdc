import { searchKey } from '../../domain/names.js';
import { decideParticipants, type Query } from '../../domain/validation.js';
import type { PendingSearch, PreparedResponse } from '../../answer/answer.js';
import type { ParticipantRecord } from '../../domain/types.js';
import { Layout, Panel } from '../layout.js';
import { pageForRequest } from '../page-answer.js';
import { card, withSite, type AddressedPage, type SiteContext } from '../site-context.js';
import { SearchForm, type SearchInput } from '../search-form.js';
import { DataTable } from '../data-table.js';
import { SchoolName } from '../name-links.js';

/** Why the form could not search (the API's own message), or what a search found. */
type SearchOutcome = { refusal: string } | { found: readonly ParticipantRecord[] };

interface SearchPageProps {
  site: SiteContext;
  input?: SearchInput;
  outcome?: SearchOutcome;
}

/** `/buscar`: the form, and after a search its answer; a result links to its year's page when published. */
function SearchPage({ site, input, outcome }: SearchPageProps) {
  const { page, data, texts: all, paths } = site;
  const texts = all.search;
  return (
    <Layout context={page} title={texts.title} description={texts.description} place="search">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.intro}</p>
      {outcome && 'refusal' in outcome ? (
        <p class="error" role="alert">
          {outcome.refusal}
        </p>
      ) : null}
      <div class="panel">
        <SearchForm companies={data.companies} input={input} idPrefix="search" />
      </div>
      {outcome && 'found' in outcome ? (
        <Panel id="resultados" heading={texts.resultsHeading}>
          {outcome.found.length === 0 ? (
            <p role="status">{texts.notFound}</p>
          ) : (
            <>
              <p role="status">{texts.found(outcome.found.length, site.schoolName(input?.company ?? ''))}</p>
              <DataTable
                caption={texts.resultsHeading}
                columns={[
                  { label: all.table.year, short: true },
                  { label: all.table.name },
                  { label: all.table.school },
                ]}
                rows={outcome.found.map((participation) => [
                  data.yearSet.has(String(participation.year)) ? (
                    <a href={paths.statistics(String(participation.year))}>{participation.year}</a>
                  ) : (
                    participation.year
                  ),
                  participation.name,
                  <SchoolName name={participation.school} />,
                ])}
              />
            </>
          )}
        </Panel>
      ) : null}
    </Layout>
  );
}

/** `GET /buscar`: the empty form. */
export const searchPage = (site: SiteContext): AddressedPage => ({
  content: () => <SearchPage site={site} />,
  card: () => card(site, site.texts.search.title, site.texts.meta.card.search),
});

const searchAnswer = (site: SiteContext, statusCode: number, form: Query, outcome: SearchOutcome) =>
  pageForRequest(
    statusCode,
    withSite(
      site,
      <SearchPage
        site={site}
        input={{ name: form.name ?? '', company: form.company ?? '' }}
        outcome={outcome}
      />,
      site.paths.search,
    ),
  );

/** `POST /buscar`: a search, with the API's rules and messages, under the search budgets. */
export function formSearch(site: SiteContext, form: Query): PreparedResponse | PendingSearch {
  const decision = decideParticipants(form);
  if (decision.kind !== 'ok') return searchAnswer(site, 400, form, { refusal: refusal(site, form) });
  const { normalizedName, company } = decision;
  const typed = searchKey(normalizedName);
  return {
    kind: 'search',
    channel: 'form',
    school: company,
    children: site.data.childrenOf(company),
    typed,
    run() {
      // The API's search finds the name inside longer ones; the form shows only the child named.
      const found = site.data
        .search(normalizedName, company)
        .filter((participation) => searchKey(participation.name) === typed);
      return { answer: searchAnswer(site, 200, form, { found }), names: found.length > 0 ? [typed] : [] };
    },
    /** Refused by a budget: the form, with the API's 429 text. */
    refused: () => searchAnswer(site, 429, form, { refusal: site.texts.search.errors.rateLimited }),
  };
}

/** Why the form could not search, in the pages' words: what is missing, or too short. */
function refusal({ texts: { search: texts } }: SiteContext, form: Query): string {
  const nameMissing = (form.name ?? '').trim() === '';
  const companyMissing = (form.company ?? '') === '';
  if (nameMissing) return companyMissing ? texts.errors.nothing : texts.errors.name;
  return companyMissing ? texts.errors.company : texts.errors.nameTooShort;
}
