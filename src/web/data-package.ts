import { hash } from 'node:crypto';
import { CACHE, prepareBytes, type PreparedResponse } from '../http/answer.js';
import { OPEN_DATA_PATHS, ORIGINAL_WORK_URL } from './layout.js';
import { LOCALES } from './locale.js';
import { csvFiles } from './model-files.js';
import { csvBytes, type CsvTable } from './open-data.js';
import { pageKind } from './page-answer.js';
import { LICENCE_ID } from './page-meta.js';
import type { SiteContext } from './site-context.js';

/**
 * The open data as a Frictionless Data Package (v2, docs/decisions.md): every CSV file the
 * site offers with its Table Schema, the licence, the sources, the data's version and date.
 * Spanish is its language; each title and description has its Basque twin under `@eu`.
 */

const { es, eu } = { es: LOCALES.es.texts, eu: LOCALES.eu.texts };

/** The files of one read model, their version and their date: what the package and the catalogue describe. */
export function publishedFiles(site: SiteContext) {
  // Each CSV file with what only its bytes tell: its size and hash, as served.
  const files = csvFiles(site).map((file) => {
    const bytes = csvBytes(file.table(es));
    return {
      ...file,
      /** Its name in the package (lower case, as the standard recommends). */
      name: file.file.replace(/\.csv$/, '').toLowerCase(),
      bytes: bytes.length,
      sha256: hash('sha256', bytes, 'hex'),
    };
  });
  const digest = hash('sha256', files.map((file) => `${file.file} ${file.sha256}`).join('\n'), 'hex');
  const latest = site.published.at(-1);
  return {
    files,
    /** The latest edition and a hash of every file: any change to any file gives another. */
    version: latest === undefined ? digest.slice(0, 10) : `${latest}-${digest.slice(0, 10)}`,
    /** The day the statistics were last computed (`2026-11-27`), when the store says: the data's date. */
    date: site.data.dataDate,
  };
}

export type PublishedFiles = ReturnType<typeof publishedFiles>;
export type DescribedFile = PublishedFiles['files'][number];

/** `Año` for a column named `año`: CSV names are lower case, titles are headings. */
const heading = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

type FieldType = 'integer' | 'number' | 'string';

/** The type of a column from the values written (`integer`: every one a whole number); none for an empty file or column. */
function typeOf(table: CsvTable, column: number): FieldType | undefined {
  // An empty cell is Table Schema's missing value (a name's withheld edition): no type of its own.
  const values = table.rows.map((row) => row[column]).filter((value) => value !== '');
  if (values.length === 0) return undefined;
  if (values.every((value) => Number.isInteger(value))) return 'integer';
  return values.every((value) => typeof value === 'number') ? 'number' : 'string';
}

/** The type of each column name in the files that have rows: an empty file's columns take theirs. */
function typesByName(tables: readonly CsvTable[]): ReadonlyMap<string, FieldType> {
  const types = new Map<string, FieldType>();
  for (const table of tables)
    table.columns.forEach((name, column) => {
      const type = typeOf(table, column);
      if (type !== undefined && !types.has(name)) types.set(name, type);
    });
  return types;
}

/** A file's Table Schema: its columns in order, each with its name, type, and titles in each language. */
function tableSchema(file: DescribedFile, types: ReadonlyMap<string, FieldType>) {
  const [spanish, basque] = [file.table(es), file.table(eu)];
  const titles = file.title;
  return {
    fields: spanish.columns.map((name, column) => {
      const title = { es: heading(name), eu: heading(basque.columns[column]!) };
      return {
        name,
        type: typeOf(spanish, column) ?? types.get(name) ?? 'string',
        title: title.es,
        'title@eu': title.eu,
        description: `${titles.es}: ${title.es.toLowerCase()}`,
        'description@eu': `${titles.eu}: ${title.eu.toLowerCase()}`,
      };
    }),
  };
}

/** `/datos/datapackage.json` */
export function dataPackageAnswer(site: SiteContext, data: PublishedFiles): PreparedResponse {
  const { origin } = site;
  const types = typesByName(data.files.map((file) => file.table(es)));
  const descriptor = {
    $schema: 'https://datapackage.org/profiles/2.0/datapackage.json',
    name: 'tamborrada-infantil-donostia',
    id: origin + OPEN_DATA_PATHS.dataPackage,
    title: es.meta.datasetName,
    'title@eu': eu.meta.datasetName,
    description: es.meta.datasetDescription,
    'description@eu': eu.meta.datasetDescription,
    languages: ['es', 'eu'],
    homepage: `${origin}/`,
    version: data.version,
    // The standard's date is a time: the data's day, at its start (UTC).
    ...(data.date !== undefined && { created: `${data.date}T00:00:00Z` }),
    keywords: es.meta.keywords,
    licenses: [{ name: 'CC-BY-SA-4.0', path: LICENCE_ID, title: es.openData.licenceName }],
    contributors: [
      { title: 'RamistoDev', path: 'https://github.com/ramistodev', roles: ['creator'] },
      { title: es.siteName, path: `${origin}/`, roles: ['publisher'] },
    ],
    sources: [{ title: es.openData.originalWork, path: ORIGINAL_WORK_URL }],
    resources: data.files.map((file) => ({
      name: file.name,
      // Relative to this descriptor, as the standard reads it: both live under /datos/.
      path: file.file,
      type: 'table',
      title: file.title.es,
      'title@eu': file.title.eu,
      ...(file.description.es !== null && { description: file.description.es }),
      ...(file.description.eu !== null && { 'description@eu': file.description.eu }),
      format: 'csv',
      mediatype: 'text/csv',
      encoding: 'utf-8',
      bytes: file.bytes,
      hash: `sha256:${file.sha256}`,
      dialect: { header: true, delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true },
      schema: tableSchema(file, types),
      ...(file.api !== undefined && { sources: [{ title: es.meta.apiName, path: origin + file.api }] }),
    })),
  };
  const body = Buffer.from(JSON.stringify(descriptor), 'utf8');
  return prepareBytes(200, body, pageKind('application/json; charset=utf-8', CACHE.revalidate), {
    etag: true,
    effort: 'data',
  });
}
