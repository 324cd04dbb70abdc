import { hash } from 'node:crypto';
import { CACHE, prepareBytes, type PreparedResponse } from '../answer/answer.js';
import { OPEN_DATA_PATHS, ORIGINAL_WORK_URL } from './layout.js';
import { inEach, LOCALES, type Language } from './locale.js';
import { csvFiles } from './model-files.js';
import { csvBytes, type CsvTable } from './open-data.js';
import { pageKind } from './page-answer.js';
import { LICENCE_ID } from './page-meta.js';
import type { SiteContext } from './site-context.js';

/**
 * The open data as a Frictionless Data Package (v2, docs/decisions.md), in Spanish with Basque twins under `@eu`;
 * the files of one kind share a Table Schema file beside it, so that it stays small however many names there are.
 */

const { es, eu } = { es: LOCALES.es.texts, eu: LOCALES.eu.texts };

/** The files of one read model, their version and their date: what the package and the catalogue describe. */
export function publishedFiles(site: SiteContext, csv = csvFiles(site)) {
  // Each CSV file with what only its bytes tell: its size and hash, as served.
  const files = csv.map((file) => {
    const bytes = csvBytes(file.table());
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
    /** Each column's title and meaning, in each language. */
    columns: inEach((texts) => texts.openData.columns(site.data.names.k)),
  };
}

export type PublishedFiles = ReturnType<typeof publishedFiles>;
export type DescribedFile = PublishedFiles['files'][number];

type FieldType = 'integer' | 'number' | 'string';

/** The type of a column from the values written (`integer`: every one a whole number); none for an empty file or column. */
function typeOf(table: CsvTable, column: number): FieldType | undefined {
  // An empty cell is Table Schema's missing value (a name's withheld edition): no type of its own.
  const values = table.rows.map((row) => row[column]).filter((value) => value !== '');
  if (values.length === 0) return undefined;
  if (values.every((value) => Number.isInteger(value))) return 'integer';
  return values.every((value) => typeof value === 'number') ? 'number' : 'string';
}

/** The type of each column, the widest over every file: a name means one thing, of one type, everywhere. */
function typesByName(tables: readonly CsvTable[]): ReadonlyMap<string, FieldType> {
  const types = new Map<string, FieldType>();
  for (const table of tables)
    table.columns.forEach((name, column) => {
      const type = wider(types.get(name), typeOf(table, column));
      if (type !== undefined) types.set(name, type);
    });
  return types;
}

/** The narrowest type that holds both: a whole number is a number, anything is a string. */
function wider(one: FieldType | undefined, other: FieldType | undefined): FieldType | undefined {
  if (one === undefined || other === undefined || one === other) return one ?? other;
  return one === 'string' || other === 'string' ? 'string' : 'number';
}

/** What `of` gives alike for every file of a group, in each language (said once, in its schema); else none. */
function sharedIn<T>(files: readonly DescribedFile[], of: (file: DescribedFile, language: Language) => T) {
  const said = inEach((_, language) => new Set(files.map((file) => of(file, language))));
  if (said.es.size !== 1 || said.eu.size !== 1) return undefined;
  return inEach((_, language) => [...said[language]][0] as T);
}

/** The end of a title (` · Apellido`), when it has one. */
function titleEnd({ title }: DescribedFile, language: Language) {
  const end = title[language].slice(title[language].lastIndexOf(' · '));
  return end.startsWith(' · ') ? end : null;
}

/** How the name of a schema file begins: the name of no CSV or JSON file of the data does. */
export const SCHEMA_FILE_PREFIX = 'esquema-';

/** The files grouped by kind and columns: each group one Table Schema file, `esquema-{kind}.json`, beside the package. */
function schemaGroups(files: readonly DescribedFile[]) {
  const byKey = new Map<string, DescribedFile[]>();
  for (const file of files) {
    const key = `${file.kind}\n${file.table().columns.join(',')}`;
    const grouped = byKey.get(key);
    if (grouped === undefined) byKey.set(key, [file]);
    else grouped.push(file);
  }
  const kindsSeen = new Map<string, number>();
  return [...byKey].map(([key, grouped]) => {
    const kind = key.slice(0, key.indexOf('\n'));
    // A kind whose files differ in their columns: a schema for each set of columns.
    const seen = (kindsSeen.get(kind) ?? 0) + 1;
    kindsSeen.set(kind, seen);
    const path = `${SCHEMA_FILE_PREFIX}${seen === 1 ? kind : `${kind}-${seen}`}.json`;
    const apis = new Set(grouped.map((file) => file.api));
    const ends = grouped.length > 1 ? sharedIn(grouped, titleEnd) : undefined;
    return {
      path,
      files: grouped,
      titleEnd: ends?.es && ends.eu ? { es: ends.es, eu: ends.eu } : undefined,
      description: sharedIn(grouped, (file, language) => file.description[language]),
      // Every file of the group has the same source in the API: naming it per file says nothing.
      sharedApi: grouped.length > 1 && apis.size === 1,
    };
  });
}

type SchemaGroup = ReturnType<typeof schemaGroups>[number];

/** A group's Table Schema: its columns in order, each with its name, its type over every file, its title and meaning in each language. */
function tableSchema({ files, titleEnd, description }: SchemaGroup, data: PublishedFiles, types: Types) {
  return {
    $schema: 'https://datapackage.org/profiles/2.0/tableschema.json',
    ...(titleEnd && { title: titleEnd.es.slice(3), 'title@eu': titleEnd.eu.slice(3) }),
    ...(description?.es && { description: description.es }),
    ...(description?.eu && { 'description@eu': description.eu }),
    fields: files[0]!.table().columns.map((name) => {
      const [[title, meaning], [basque, basqueMeaning]] = [data.columns.es[name], data.columns.eu[name]];
      const said = { title, 'title@eu': basque, description: meaning, 'description@eu': basqueMeaning };
      return { name, type: types.get(name) ?? 'string', ...said };
    }),
  };
}

type Types = ReadonlyMap<string, FieldType>;

/** Where the package's schemas are, and the answer of each (`/datos/esquema-{kind}.json`): a few small files, made together. */
export function schemaFiles(data: PublishedFiles): ReadonlyMap<string, PreparedResponse> {
  const types = typesByName(data.files.map((file) => file.table()));
  return new Map(
    schemaGroups(data.files).map((group) => [group.path, jsonFile(tableSchema(group, data, types))] as const),
  );
}

/** A JSON document of the open data (the package, a schema, the catalogue), revalidated by its ETag. */
export const jsonFile = (value: object, type = 'application/json; charset=utf-8') =>
  prepareBytes(200, Buffer.from(JSON.stringify(value), 'utf8'), pageKind(type, CACHE.revalidate), {
    etag: true,
    effort: 'data',
  });

/** A file as a resource of the package: its size and hash, and its schema by path. */
function resourceOf(origin: string, file: DescribedFile, group: SchemaGroup) {
  const described = group.description === undefined;
  const title = {
    es: file.title.es.slice(0, file.title.es.length - (group.titleEnd?.es.length ?? 0)),
    eu: file.title.eu.slice(0, file.title.eu.length - (group.titleEnd?.eu.length ?? 0)),
  };
  return {
    name: file.name,
    // Relative to this descriptor, as the standard reads it: both live under /datos/.
    // UTF-8 CSV in the standard's default dialect (comma, CRLF, a header row): said by leaving them out.
    path: file.file,
    title: title.es,
    // A name is written alike in both languages.
    ...(title.eu !== title.es && { 'title@eu': title.eu }),
    ...(described && file.description.es !== null && { description: file.description.es }),
    ...(described && file.description.eu !== null && { 'description@eu': file.description.eu }),
    bytes: file.bytes,
    hash: `sha256:${file.sha256}`,
    schema: group.path,
    ...(file.api !== undefined &&
      !group.sharedApi && { sources: [{ title: es.meta.apiName, path: origin + file.api }] }),
  };
}

/** `/datos/datapackage.json` */
export function dataPackageAnswer(site: SiteContext, data: PublishedFiles): PreparedResponse {
  const { origin } = site;
  const groups = new Map(
    schemaGroups(data.files).flatMap((group) => group.files.map((file) => [file, group] as const)),
  );
  return jsonFile({
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
    resources: data.files.map((file) => resourceOf(origin, file, groups.get(file)!)),
  });
}
