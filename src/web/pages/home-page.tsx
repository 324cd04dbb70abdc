import type { CategoryId } from '../../domain/categories.js';
import { formatNumber } from '../../domain/spanish-words.js';
import { webTexts } from '../copy.js';
import { Layout, PAGE_PATHS, YearLinks, type PageContext } from '../layout.js';
import { OpenDataLinks, type Download } from '../open-data.js';
import { SearchForm } from '../search-form.js';
import { PUBLIC_DATA_SHAPES as SHAPES } from '../../domain/answer-shapes.js';
import { ParticipantsByYear } from '../statistic-sections.js';
import { Summary } from '../summary.js';
import type { StatisticRecord } from '../year-statistics.js';

const texts = webTexts.home;

/** The headline figures, from the global statistics and the companies. */
function headlineFigures(global: ReadonlyMap<CategoryId, StatisticRecord>, companies: number) {
  const totals = SHAPES.yearCounts.safeParse(global.get('totalParticipants')?.publicData);
  const names = SHAPES.figure.safeParse(global.get('namesDiversity')?.publicData);
  const figures: { value: number; words: string }[] = [];
  if (totals.success && totals.data.length > 0) {
    figures.push({ value: totals.data.length, words: webTexts.figures.editions(totals.data.length) });
    const participations = totals.data.reduce((sum, point) => sum + point.count, 0);
    figures.push({ value: participations, words: webTexts.figures.participations(participations) });
  }
  if (companies > 0) figures.push({ value: companies, words: webTexts.figures.schools(companies) });
  if (names.success) figures.push({ value: names.data, words: webTexts.figures.names(names.data) });
  return { figures, totals: totals.success ? [...totals.data].sort((a, b) => a.year - b.year) : [] };
}

/** `/`: what the festival and the data are, the figures, every edition, the search. */
export function HomePage({
  context,
  years,
  global,
  companies,
  participantsDownload,
}: {
  context: PageContext;
  years: readonly string[];
  global: ReadonlyMap<CategoryId, StatisticRecord>;
  companies: readonly string[];
  /** The chart's data (`totalParticipants`) as CSV and in the API. */
  participantsDownload: Download | undefined;
}) {
  // While updating, the figures may mix two data versions: the notice alone, as on the year pages.
  const { figures, totals } = context.isUpdating
    ? { figures: [], totals: [] }
    : headlineFigures(global, companies.length);
  return (
    <Layout context={context} title={texts.title} description={texts.description} place="home">
      <h1>{texts.title}</h1>
      {texts.lead.map((paragraph) => (
        <p class="lead">{paragraph}</p>
      ))}
      {figures.length === 0 ? null : (
        <section aria-labelledby="cifras" class="panel">
          <h2 id="cifras">{texts.figuresHeading}</h2>
          <ul class="headline">
            {figures.map((figure) => (
              <li>
                <span class="figure-value">{formatNumber(figure.value)}</span> {figure.words}
              </li>
            ))}
          </ul>
          <Summary text={global.get('intro')?.summary ?? null} />
        </section>
      )}
      {totals.length === 0 ? null : (
        <section aria-labelledby="por-edicion" class="panel">
          <h2 id="por-edicion">{texts.chartHeading}</h2>
          <ParticipantsByYear id="home-participants" title={texts.chartHeading} points={totals} />
          {participantsDownload && <OpenDataLinks download={participantsDownload} />}
        </section>
      )}
      <section aria-labelledby="ediciones" class="panel">
        <h2 id="ediciones">{texts.yearsHeading}</h2>
        {years.length === 0 ? <p>{texts.noData}</p> : <YearLinks years={years} />}
      </section>
      <section aria-labelledby="buscar" class="panel">
        <h2 id="buscar">{texts.searchHeading}</h2>
        <SearchForm companies={companies} idPrefix="home" />
      </section>
      <section aria-labelledby="desarrolladores" class="panel">
        <h2 id="desarrolladores">{texts.apiHeading}</h2>
        <p>
          {texts.apiText} <a href={PAGE_PATHS.apiDocs}>{texts.apiLink}</a>.
        </p>
      </section>
    </Layout>
  );
}
