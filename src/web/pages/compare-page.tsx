import { compareSpanish } from '../../domain/collation.js';
import { CACHE, prepareJson, type PreparedResponse } from '../../answer/answer.js';
import { MAX_COMPARED, type Comparison } from '../../read-model/comparisons.js';
import { everyYear, SeriesLegend, YearLines, type YearSeries } from '../charts/year-lines.js';
import { Layout, Panel } from '../layout.js';
import { COMPARED_KINDS, comparedQuery, comparisonDataPath, type ComparedKind } from '../locale.js';
import { csvAnswer, OpenDataLinks, perCentCell } from '../open-data.js';
import { pageForAddress, pageForRequest } from '../page-answer.js';
import { card, withSite, type AddressedPage, type SiteContext } from '../site-context.js';
import { countCell, Detail } from '../statistic-sections.js';
import { es } from '../texts/es.js';

/** The longest text a field takes: more than any name or school a list may hold (MAX_NAME_LENGTH, MAX_SCHOOL_LENGTH). */
export const MAX_TYPED_LENGTH = 150;
/** An address's `n` values, spaces and control characters made one space, trimmed; `undefined` when one is too long. */
function askedIn(query: string): string[] | undefined {
  const asked = new URLSearchParams(query)
    .getAll('n')
    .map((value) => value.replace(/[\s\p{Cc}]+/gu, ' ').trim())
    .filter((value) => value !== '');
  return asked.some((value) => [...value].length > MAX_TYPED_LENGTH) ? undefined : asked;
}

/** What a comparison compared, as its address and data files name it: those with figures, then those not found. */
const comparedItems = ({ series, notFound }: Comparison) => [...series.map((one) => one.label), ...notFound];

interface ComparedProps {
  site: SiteContext;
  kind: ComparedKind;
  comparison: Comparison;
}
type KindProps = Omit<ComparedProps, 'comparison'>;

/** The form (GET: what it compares is the address), its fields filled with what is compared. */
function CompareForm({ site, kind, items }: KindProps & { items: readonly string[] }) {
  const { texts, paths, data } = site;
  const listId = 'compare-schools';
  return (
    <form class="search-form" method="get" action={paths.compare[kind]}>
      {Array.from({ length: MAX_COMPARED }, (_, i) => (
        <div class="field">
          <label for={`compare-${i + 1}`}>{texts.compare[kind].field(i + 1)}</label>
          <input
            id={`compare-${i + 1}`}
            name="n"
            type="text"
            autocomplete="off"
            spellcheck={false}
            maxLength={MAX_TYPED_LENGTH}
            list={kind === 'school' ? listId : undefined}
            value={items[i] ?? ''}
          />
        </div>
      ))}
      {kind === 'school' ? (
        <datalist id={listId}>
          {data.companies
            .map(site.schoolName)
            .sort(compareSpanish)
            .map((school) => (
              <option value={school} />
            ))}
        </datalist>
      ) : null}
      <button type="submit">{texts.compare.submit}</button>
    </form>
  );
}

/** What a comparison found: those without figures, a line per name or school (a withheld count a gap), table, data. */
function Compared({ site, kind, comparison }: ComparedProps) {
  const { texts: all, paths, data } = site;
  const texts = all.compare;
  const { editions, series, notFound, tooMany } = comparison;
  const items = comparedItems(comparison);
  const lines: YearSeries[] = series.map(({ label, counts }) => ({
    label,
    points: editions.flatMap((year, e) => (counts[e] === undefined ? [] : [{ year, count: counts[e] }])),
  }));
  const missing = everyYear(editions).filter((year) => !editions.includes(year));
  const title = texts[kind].chartHeading;
  const description = texts.chart(
    lines.map((line) => line.label),
    editions[0] ?? 0,
    editions.at(-1) ?? 0,
    missing,
  );
  return (
    <>
      {tooMany ? <p class="note">{texts.tooMany}</p> : null}
      {notFound.length === 0 ? null : (
        <>
          <p>{kind === 'school' ? texts.schoolsNotFound : texts.namesNotFound(data.names.k)}</p>
          <ul class="not-found">
            {notFound.map((typed) => (
              <li>{typed}</li>
            ))}
          </ul>
        </>
      )}
      {series.length === 0 ? null : (
        <Panel id="comparacion" heading={title} statistic>
          <p>{kind === 'school' ? texts.schoolsText : texts.withheldText(data.names.k)}</p>
          <Detail
            wide
            title={title}
            chart={
              <>
                <YearLines
                  id="comparacion-chart"
                  title={title}
                  description={description}
                  series={lines}
                  editions={editions}
                />
                <SeriesLegend series={lines} />
              </>
            }
            columns={[
              { label: all.table.year, short: true },
              ...series.map((one) => ({ label: one.label, numeric: true })),
            ]}
            rows={editions.map((year, e) => [
              <a href={paths.statistics(String(year))}>{year}</a>,
              ...series.map(({ counts, shares }) =>
                shares[e] === undefined
                  ? countCell(all, counts[e], all.names.fewer(data.names.k))
                  : `${all.number(counts[e]!)} (${all.names.percent(shares[e])})`,
              ),
            ])}
          />
          <OpenDataLinks
            download={{
              csv: comparisonDataPath(kind, 'csv', items),
              json: comparisonDataPath(kind, 'json', items),
              jsonFile: true,
            }}
          />
        </Panel>
      )}
    </>
  );
}

/** `/comparar/nombres` (`apellidos`, `companias`): the form, and what the address asks to compare (none: the empty form). */
function ComparePage({
  site,
  kind,
  comparison,
  refused = false,
}: KindProps & { comparison?: Comparison; refused?: boolean }) {
  const { page: context, texts: all, paths, data } = site;
  const texts = all.compare;
  const words = texts[kind];
  const others = COMPARED_KINDS.filter((other) => other !== kind);
  return (
    <Layout context={context} title={words.title} description={words.description} place="other">
      <h1>{words.title}</h1>
      <p class="lead">
        {kind === 'school' ? texts.schoolsLead : texts.namesLead(texts[kind].items, data.names.k)}
      </p>
      {refused ? (
        <p class="error" role="alert">
          {texts.tooLong(MAX_TYPED_LENGTH)}
        </p>
      ) : null}
      {comparison === undefined || context.isUpdating ? null : (
        <Compared site={site} kind={kind} comparison={comparison} />
      )}
      <Panel id="elegir" heading={texts.formHeading}>
        <CompareForm site={site} kind={kind} items={comparison ? comparedItems(comparison) : []} />
      </Panel>
      <p>
        {texts.othersLead}{' '}
        {others.map((other, i) => (
          <>
            {i === 0 ? '' : ' · '}
            <a href={paths.compare[other]}>{texts[other].others}</a>
          </>
        ))}
      </p>
    </Layout>
  );
}

/** A comparison as the page shows it: schools by their names on it (also in its address, which finds them so). */
const shownIn = (site: SiteContext, kind: ComparedKind, comparison: Comparison): Comparison =>
  kind !== 'school'
    ? comparison
    : {
        ...comparison,
        series: comparison.series.map((one) => ({ ...one, label: site.schoolName(one.label) })),
      };

/** The empty form of a kind: a page with an address, kept like the others. */
export const comparePage = (site: SiteContext, kind: ComparedKind): AddressedPage => ({
  content: () => <ComparePage site={site} kind={kind} />,
  card: () => card(site, site.texts.compare[kind].title, site.texts.compare[kind].card),
});

/** `GET /comparar/nombres?n=Ane&n=Maialen`: made for the request (never kept); a field too long, 400; no `n`, `form`. */
export function comparisonAnswer(
  site: SiteContext,
  kind: ComparedKind,
  query: string,
  form: () => PreparedResponse,
): PreparedResponse {
  const path = site.paths.compare[kind];
  const asked = askedIn(query);
  if (asked === undefined)
    return pageForRequest(400, withSite(site, <ComparePage site={site} kind={kind} refused />, path));
  if (asked.length === 0) return form();
  const comparison = shownIn(site, kind, site.data.compare(kind, asked));
  const page = <ComparePage site={site} kind={kind} comparison={comparison} />;
  return pageForAddress(withSite(site, page, path, comparedQuery(comparedItems(comparison))));
}

const COMPARED_COLUMNS = { firstName: 'nombre', surname: 'apellido', school: 'compania' } as const;

/** `/comparar/nombres.csv?n=…` and `.json`, for both languages (CSV `nombre,edicion,participantes,porcentaje`): withheld counts and shares empty (`null`). */
export function comparisonData(
  site: SiteContext,
  kind: ComparedKind,
  format: 'csv' | 'json',
  query: string,
): PreparedResponse {
  const asked = askedIn(query);
  if (asked === undefined)
    return prepareJson(400, { error: es.compare.tooLong(MAX_TYPED_LENGTH) }, CACHE.none);
  const { editions, series, notFound, tooMany } = site.data.compare(kind, asked);
  if (format === 'csv')
    return csvAnswer({
      columns: [COMPARED_COLUMNS[kind], 'edicion', 'participantes', 'porcentaje'],
      rows: series.flatMap((one) =>
        editions.map((year, e) => [one.label, year, one.counts[e] ?? '', perCentCell(one.shares[e])]),
      ),
    });
  // JSON writes a withheld count or share (`undefined` in its list) as `null`.
  const named = series.map(({ label, counts, shares }) => ({ name: label, counts, shares }));
  const value = { editions, series: named, notFound, tooMany };
  return prepareJson(200, value, CACHE.revalidate, { etag: true, effort: 'fast' });
}
