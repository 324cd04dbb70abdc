import { webTexts } from '../copy.js';
import { Layout, PAGE_PATHS, Panel, type PageContext } from '../layout.js';
import { SearchForm, type SearchInput } from '../search-form.js';
import { DataTable } from '../data-table.js';
import { SchoolName } from '../school-links.js';

const texts = webTexts.search;

export interface Participation {
  name: string;
  school: string;
  year: number;
}

/** What a search found, or why it could not search (the API's own message). */
export type SearchOutcome =
  | { kind: 'refused'; message: string }
  | { kind: 'notFound' }
  | { kind: 'found'; participations: readonly Participation[] };

interface SearchPageProps {
  context: PageContext;
  companies: readonly string[];
  /** The published years: a result links to its year's page. */
  years: ReadonlySet<string>;
  input?: SearchInput;
  outcome?: SearchOutcome;
}

/** `/buscar`: the form, and after a search its answer. */
export function SearchPage({ context, companies, years, input, outcome }: SearchPageProps) {
  return (
    <Layout context={context} title={texts.title} description={texts.description} place="search">
      <h1>{texts.title}</h1>
      <p class="lead">{texts.intro}</p>
      {outcome?.kind === 'refused' ? (
        <p class="error" role="alert">
          {outcome.message}
        </p>
      ) : null}
      <div class="panel">
        <SearchForm companies={companies} input={input} idPrefix="search" />
      </div>
      {outcome?.kind === 'notFound' || outcome?.kind === 'found' ? (
        <Panel id="resultados" heading={texts.resultsHeading}>
          {outcome.kind === 'notFound' ? (
            <p role="status">{texts.notFound}</p>
          ) : (
            <>
              <p role="status">{texts.found(outcome.participations.length, input?.company ?? '')}</p>
              <DataTable
                caption={texts.resultsHeading}
                columns={[
                  { label: webTexts.table.year, short: true },
                  { label: webTexts.table.name },
                  { label: webTexts.table.school },
                ]}
                rows={outcome.participations.map((participation) => [
                  years.has(String(participation.year)) ? (
                    <a href={PAGE_PATHS.statistics(String(participation.year))}>{participation.year}</a>
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
