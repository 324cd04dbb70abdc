import { stringify } from 'csv-stringify/sync';
import { createContext } from 'preact';
import type { CategoryId } from '../domain/categories.js';
import { CACHE, prepareBytes, type PreparedResponse } from '../answer/answer.js';
import { ORIGINAL_WORK_URL } from './layout.js';
import { useLocale } from './locale.js';
import { pageKind } from './page-answer.js';
import type { Texts } from './texts/es.js';

/** One statistic of a page, to download: its CSV here and the same statistic in the JSON API; its chart's links when it has one. */
export interface Download {
  csv: string;
  json: string;
  /** The JSON is a file of its own, not the API's. */
  jsonFile?: boolean;
  chart?: ChartLinks | undefined;
}

/** A chart's file and embeddable page (paths), how to cite it, the code that embeds it (src/web/chart-files.tsx). */
export interface ChartLinks {
  svg: string;
  embed: string;
  citation: string;
  code: string;
}

/** A CSV column's name: one per concept in every file, said in the texts' `openData.columns`. */
export type ColumnName = keyof ReturnType<Texts['openData']['columns']>;

/** A table of plain values, its header row first. */
export interface CsvTable<Column extends string = ColumnName> {
  columns: readonly Column[];
  rows: readonly (readonly (string | number)[])[];
}

/** A share as a CSV file writes it: per cent to two decimals (`4.03`); empty where withheld. */
export const perCentCell = (share: number | undefined) =>
  share === undefined ? '' : Math.round(share * 10_000) / 100;

/** `/datos/2024-topNamesByYear.csv`: the last segment is the name a browser saves it as. */
export const downloadPath = (file: string) => `/datos/${encodeURIComponent(file)}`;

/** `/api/category?year=2024&category=topNamesByYear` */
export const categoryApiPath = (year: string, category: string) =>
  `/api/category?year=${encodeURIComponent(year)}&category=${encodeURIComponent(category)}`;

/**
 * A text cell a spreadsheet would run as a formula (OWASP's CSV injection rule): its first
 * visible character, after spaces, control, zero-width and other invisible characters, is
 * `=`, `+`, `-`, `@` (or their full-width forms), a tab or a carriage return.
 */
const FORMULA_START =
  /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]*?[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u;

/** A text cell as written: one a spreadsheet would run as a formula gets a leading `'` and is read as text. */
export const neutralised = (cell: string): string => (FORMULA_START.test(cell) ? `'${cell}` : cell);

/**
 * UTF-8 with a BOM (for spreadsheets' accents), CRLF ends; every cell holding a separator
 * (`,`, or `;` and tab, which spreadsheets in other locales split on), a quote or a line
 * break is quoted (said here: with CRLF ends, csv-stringify alone leaves a lone `\n`
 * bare), and text cells are neutralised (numbers stay numbers).
 */
const CSV_OPTIONS = {
  bom: true,
  header: true,
  record_delimiter: 'windows',
  quoted_match: /[,;"\t\r\n]/,
  cast: { string: neutralised },
} as const;

/** A table's CSV file as served (the data package gives its size and hash). */
export const csvBytes = (table: CsvTable<string>): Buffer =>
  Buffer.from(
    stringify(
      table.rows.map((row) => [...row]),
      { ...CSV_OPTIONS, columns: [...table.columns] },
    ),
    'utf8',
  );

export function csvAnswer(table: CsvTable<string>): PreparedResponse {
  return prepareBytes(200, csvBytes(table), pageKind(CSV_CONTENT_TYPE, CACHE.revalidate), { etag: true });
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8; header=present';

/** Beside each statistic: its CSV, the same data in the API, and the licence it comes under. */
export function OpenDataLinks({ download }: { download: Download }) {
  const texts = useLocale().texts.openData;
  return (
    <p class="open-data">
      {texts.download}{' '}
      <a href={download.csv} download>
        {texts.csv}
      </a>{' '}
      · <a href={download.json}>{download.jsonFile ? texts.jsonFile : texts.json}</a>. {texts.licence}{' '}
      <a href={texts.licenceUrl} rel="license">
        {texts.licenceName}
      </a>
      , {texts.attribution} <a href={ORIGINAL_WORK_URL}>{texts.originalWork}</a>.
    </p>
  );
}

/** Beside a chart: how to cite it (always shown), and, folded, its file, its embeddable page and the code to copy. */
function ChartReuse({ links }: { links: ChartLinks }) {
  const texts = useLocale().texts.openData.embed;
  return (
    <div class="chart-reuse">
      <p class="citation">
        <strong>{texts.cite}</strong> {links.citation}
      </p>
      <details>
        <summary>{texts.reuse}</summary>
        <p>
          <a href={links.svg}>{texts.svg}</a> · <a href={links.embed}>{texts.page}</a>
        </p>
        <p>{texts.code}</p>
        <pre class="snippet">
          <code>{links.code}</code>
        </pre>
      </details>
    </div>
  );
}

/** Under a statistic: its chart's citation and links when it has a chart, then its data's. */
export function DownloadLinks({ download }: { download: Download }) {
  return (
    <>
      {download.chart && <ChartReuse links={download.chart} />}
      <OpenDataLinks download={download} />
    </>
  );
}

/** The download of each statistic of the page being made, when it has one. */
export const DownloadsContext = createContext<(category: CategoryId) => Download | undefined>(
  () => undefined,
);
