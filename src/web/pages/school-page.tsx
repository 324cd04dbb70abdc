import { formatNumber } from '../../domain/spanish-words.js';
import { schoolTexts, webTexts } from '../copy.js';
import { DataTable } from '../data-table.js';
import { Layout, PAGE_PATHS, type PageContext } from '../layout.js';
import { OpenDataLinks, type Download } from '../open-data.js';
import { ParticipantsByYear } from '../statistic-sections.js';
import type { YearCount } from '../../domain/answer-shapes.js';

const texts = schoolTexts;

/** What the page of one school shows: aggregates only, from the participants and the published statistics. */
export interface SchoolFacts {
  school: string;
  /** Every published edition from its first on, with 0 where it did not take part. */
  participants: readonly YearCount[];
  /** Its most frequent first name in each edition it took part in (`commonNameBySchoolByYear`). */
  commonNames: readonly { year: number; name: string }[];
  /** Its most frequent first name over every edition (`commonNameBySchool`), when published. */
  commonNameOverall: string | undefined;
  /** The earliest edition of the data, to tell "since the first edition with data". */
  firstEditionOfData: number;
}

/** The editions it took part in (more than 0 participants). */
export const editionsOf = (facts: SchoolFacts) => facts.participants.filter((point) => point.count > 0);

/** `/companias/{slug}`: one school over the editions. */
export function SchoolPage({
  context,
  facts,
  downloads,
}: {
  context: PageContext;
  facts: SchoolFacts;
  downloads: { participants: Download; names: Download };
}) {
  const editions = editionsOf(facts);
  const total = editions.reduce((sum, point) => sum + point.count, 0);
  return (
    <Layout
      context={context}
      title={facts.school}
      description={texts.description(facts.school, editions.length, total)}
      place="other"
    >
      <h1>{facts.school}</h1>
      {context.isUpdating ? null : <SchoolFigures facts={facts} downloads={downloads} />}
    </Layout>
  );
}

/** Everything under the title: while the store is updating, none of it (like the year pages). */
function SchoolFigures({
  facts,
  downloads,
}: {
  facts: SchoolFacts;
  downloads: { participants: Download; names: Download };
}) {
  const editions = editionsOf(facts);
  const first = editions[0]!.year;
  const total = editions.reduce((sum, point) => sum + point.count, 0);
  const yearCell = (year: number) => <a href={PAGE_PATHS.statistics(String(year))}>{year}</a>;
  return (
    <>
      <p class="lead">{texts.lead(first, first === facts.firstEditionOfData)}</p>
      <section aria-labelledby="cifras" class="panel">
        <h2 id="cifras">{texts.figuresHeading}</h2>
        <ul class="headline">
          <li>
            <span class="figure-value">{formatNumber(editions.length)}</span>{' '}
            {texts.editions(editions.length)}
          </li>
          <li>
            <span class="figure-value">{formatNumber(total)}</span> {webTexts.figures.participations(total)}
          </li>
          <li>
            <span class="figure-value">{first}</span> {texts.firstEdition}
          </li>
        </ul>
      </section>
      <section aria-labelledby="participantes" class="panel statistic">
        <h2 id="participantes">{texts.participantsHeading}</h2>
        <p>{texts.participantsText}</p>
        <ParticipantsByYear
          id="school-participants"
          title={texts.participantsHeading}
          points={facts.participants}
        />
        <OpenDataLinks download={downloads.participants} />
      </section>
      <section aria-labelledby="nombres" class="panel statistic">
        <h2 id="nombres">{texts.namesHeading}</h2>
        <p>{texts.namesText(facts.commonNameOverall)}</p>
        {facts.commonNames.length === 0 ? null : (
          <DataTable
            caption={texts.namesHeading}
            columns={[{ label: webTexts.table.year }, { label: webTexts.table.commonName }]}
            rows={facts.commonNames.map((item) => [yearCell(item.year), item.name])}
          />
        )}
        <OpenDataLinks download={downloads.names} />
      </section>
    </>
  );
}
