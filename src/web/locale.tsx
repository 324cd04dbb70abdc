import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { NameKind } from '../domain/statistics/name-facts.js';
import { es, type Texts } from './texts/es.js';
import { eu } from './texts/eu.js';

/** The languages of the pages: Spanish at the site's root, Basque under `/eu`. The API speaks Spanish only. */
export type Language = 'es' | 'eu';
export const LANGUAGES: readonly Language[] = ['es', 'eu'];

/** What a comparison compares: first names, surnames or schools. */
export type ComparedKind = NameKind | 'school';
export const COMPARED_KINDS: readonly ComparedKind[] = ['firstName', 'surname', 'school'];

export const NAME_KINDS: readonly NameKind[] = ['firstName', 'surname'];

/** The addresses of one language's pages: its folders (those of `ES_FOLDERS`), and each page's address in them. */
function sitePaths(root: string, folders: typeof ES_FOLDERS) {
  return {
    home: root === '' ? '/' : root,
    ...folders,
    statistics: (year: string) => `${folders.statisticsFolder}/${encodeURIComponent(year)}`,
    school: (slug: string) => `${folders.schoolsFolder}/${encodeURIComponent(slug)}`,
    /** The page of a first name or surname by its slug (`/nombres/ane`): the address links use. */
    name: (kind: NameKind, slug: string) => `${folders.namesFolder[kind]}/${encodeURIComponent(slug)}`,
    /** A chart's SVG file and embeddable page, by the name of its CSV file less `.csv` (`2024-topNamesByYear`). */
    chart: (name: string) => `${folders.chartsFolder}/${encodeURIComponent(name)}.svg`,
    embed: (name: string) => `${folders.embedsFolder}/${encodeURIComponent(name)}`,
  };
}

export type SitePaths = ReturnType<typeof sitePaths>;

/** The folders and fixed addresses of the Spanish pages. Paths are absolute: a 404 page answers at any depth. */
const ES_FOLDERS = {
  /** The folder of the year pages and of the school pages. */
  statisticsFolder: '/estadisticas',
  schoolsFolder: '/companias',
  /** The index of each kind of name, the folder of their pages. */
  namesFolder: { firstName: '/nombres', surname: '/apellidos' },
  search: '/buscar',
  about: '/acerca',
  /** Every data file, listed. */
  data: '/datos',
  /** The comparison of each kind, without what it compares (the query's `n`). */
  compare: {
    firstName: '/comparar/nombres',
    surname: '/comparar/apellidos',
    school: '/comparar/companias',
  },
  /** Where the preview images of the pages are, and the name of the home page's. */
  previews: '/vista-previa',
  homePreview: 'inicio',
  /** The folders of the charts' standalone SVG files and of their embeddable pages. */
  chartsFolder: '/graficos',
  embedsFolder: '/insertar',
};

const PATHS: Record<Language, SitePaths> = {
  es: sitePaths('', ES_FOLDERS),
  eu: sitePaths('/eu', {
    statisticsFolder: '/eu/estatistikak',
    schoolsFolder: '/eu/konpainiak',
    namesFolder: { firstName: '/eu/izenak', surname: '/eu/abizenak' },
    search: '/eu/bilatu',
    about: '/eu/honi-buruz',
    data: '/eu/datuak',
    compare: {
      firstName: '/eu/alderatu/izenak',
      surname: '/eu/alderatu/abizenak',
      school: '/eu/alderatu/konpainiak',
    },
    previews: '/eu/aurrebista',
    homePreview: 'hasiera',
    chartsFolder: '/eu/grafikoak',
    embedsFolder: '/eu/txertatu',
  }),
};

/** Everything a page needs to speak one language: its texts, its addresses, its tags. */
export interface Locale {
  language: Language;
  texts: Texts;
  paths: SitePaths;
  /** Open Graph's name of the language (`es_ES`). */
  ogLocale: string;
}

export const LOCALES: Record<Language, Locale> = {
  es: { language: 'es', texts: es, paths: PATHS.es, ogLocale: 'es_ES' },
  eu: { language: 'eu', texts: eu, paths: PATHS.eu, ogLocale: 'eu_ES' },
};

/** A text in each language of the pages (a JSON-LD language map, a file's description in each). */
export const inEach = <T,>(text: (texts: Texts, language: Language) => T) =>
  Object.fromEntries(
    LANGUAGES.map((language) => [language, text(LOCALES[language].texts, language)]),
  ) as Record<Language, T>;

/** The language of an address: Basque under `/eu`, Spanish elsewhere. */
export function languageOfPath(path: string): Language {
  return path === '/eu' || path.startsWith('/eu/') ? 'eu' : 'es';
}

/** `?n=Ane&n=Maialen`: what a comparison compares, in its address (empty for none). */
export const comparedQuery = (items: readonly string[]) =>
  items.length === 0 ? '' : `?${new URLSearchParams(items.map((item) => ['n', item]))}`;

/**
 * The address of a comparison of `items` (names as typed or schools), to link to or share:
 * `comparisonPath('es', 'firstName', ['Ane', 'Maialen'])` is `/comparar/nombres?n=Ane&n=Maialen`.
 */
export const comparisonPath = (language: Language, kind: ComparedKind, items: readonly string[]) =>
  PATHS[language].compare[kind] + comparedQuery(items);

/** A comparison's data, one file for both languages: `/comparar/nombres.csv?n=Ane`. */
export const comparisonDataPath = (kind: ComparedKind, format: 'csv' | 'json', items: readonly string[]) =>
  `${PATHS.es.compare[kind]}.${format}${comparedQuery(items)}`;

/** Given around each page: the language it is made in. */
export const LocaleContext = createContext<Locale>(LOCALES.es);

export const useLocale = () => useContext(LocaleContext);
