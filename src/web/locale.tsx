import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { NameKind } from '../domain/statistics/name-facts.js';
import { es, type Texts } from './texts/es.js';
import { eu } from './texts/eu.js';

/** The languages of the pages: Spanish at the site's root, Basque under `/eu`. The API speaks Spanish only. */
export type Language = 'es' | 'eu';
export const LANGUAGES: readonly Language[] = ['es', 'eu'];

export type ComparedKind = NameKind | 'school';
export const COMPARED_KINDS: readonly ComparedKind[] = ['firstName', 'surname', 'school'];

export const NAME_KINDS: readonly NameKind[] = ['firstName', 'surname'];

/** The addresses of one language's pages: its folders, and each page's address in them. */
function sitePaths(root: string, folders: typeof ES_FOLDERS) {
  return {
    home: root === '' ? '/' : root,
    ...folders,
    statistics: (year: string) => `${folders.statisticsFolder}/${encodeURIComponent(year)}`,
    school: (slug: string) => `${folders.schoolsFolder}/${encodeURIComponent(slug)}`,
    name: (kind: NameKind, slug: string) => `${folders.namesFolder[kind]}/${encodeURIComponent(slug)}`,
    // A chart's SVG file and embeddable page, by its name (`2024-topNamesByYear`).
    chart: (name: string) => `${folders.chartsFolder}/${encodeURIComponent(name)}.svg`,
    embed: (name: string) => `${folders.embedsFolder}/${encodeURIComponent(name)}`,
  };
}

export type SitePaths = ReturnType<typeof sitePaths>;

/**
 * The folders and fixed addresses of the Spanish pages, absolute (a 404 page answers at any depth):
 * a comparison's without the query's `n`, the preview images' and the home page's image's name.
 */
const ES_FOLDERS = {
  statisticsFolder: '/estadisticas',
  schoolsFolder: '/companias',
  namesFolder: { firstName: '/nombres', surname: '/apellidos' },
  search: '/buscar',
  about: '/acerca',
  data: '/datos',
  compare: {
    firstName: '/comparar/nombres',
    surname: '/comparar/apellidos',
    school: '/comparar/companias',
  },
  previews: '/vista-previa',
  homePreview: 'inicio',
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

/** Everything a page needs to speak one language; `ogLocale`: Open Graph's name of it (`es_ES`). */
export interface Locale {
  language: Language;
  texts: Texts;
  paths: SitePaths;
  ogLocale: string;
}

export const LOCALES: Record<Language, Locale> = {
  es: { language: 'es', texts: es, paths: PATHS.es, ogLocale: 'es_ES' },
  eu: { language: 'eu', texts: eu, paths: PATHS.eu, ogLocale: 'eu_ES' },
};

/** A value in each language of the pages (a JSON-LD language map, a school's slugs). */
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

/** The address of a comparison of `items` (names as typed or schools): `/comparar/nombres?n=Ane&n=Maialen`. */
export const comparisonPath = (language: Language, kind: ComparedKind, items: readonly string[]) =>
  PATHS[language].compare[kind] + comparedQuery(items);

/** A comparison's data, one file for both languages: `/comparar/nombres.csv?n=Ane`. */
export const comparisonDataPath = (kind: ComparedKind, format: 'csv' | 'json', items: readonly string[]) =>
  `${PATHS.es.compare[kind]}.${format}${comparedQuery(items)}`;

export const LocaleContext = createContext<Locale>(LOCALES.es);

export const useLocale = () => useContext(LocaleContext);
