import { CATEGORY_IDS, GLOBAL_YEAR, statisticOf, type CategoryId } from '../domain/categories.js';
import type { NameKind } from '../domain/statistics/name-facts.js';
import type { Language } from './locale.js';

/** A chart of the pages in any language: a statistic of a year, a school's participants (by its page's slug), a name's editions. */
export type ChartKey =
  | { chart: 'statistic'; year: string; category: CategoryId }
  | { chart: 'school'; slug: string }
  | { chart: 'name'; kind: NameKind; slug: string };

/** A statistic of a year and its twin over all of them (`topNamesByYear`, `topNames`) share a title and never a page. */
type Twin<C extends string> = C extends `${infer Base}ByYear` ? Base : C;

/** The anchor of each statistic's section on a Basque page, and so the name of its chart (`2024-izen-ohikoenak`). */
const BASQUE_SECTIONS: Readonly<Record<Twin<CategoryId>, string>> = {
  intro: 'aurkezpena',
  outro: 'amaiera',
  totalParticipants: 'parte-hartzaileak-edizioz-edizio',
  namesDiversity: 'izen-desberdinak',
  surnamesDiversity: 'abizen-desberdinak',
  topNames: 'izen-ohikoenak',
  topSurnames: 'abizen-ohikoenak',
  topSchools: 'konpainia-handienak',
  newNames: 'izen-berriak',
  newSchools: 'konpainia-berriak',
  commonNameBySchool: 'konpainia-bakoitzeko-izen-ohikoena',
  longestNames: 'izen-luzeenak',
  schoolsEvolution: 'konpainien-bilakaera',
  mostConstantSchools: 'konpainia-iraunkorrenak',
};

const basqueSection = (category: CategoryId) =>
  category === 'totalParticipantsByYear'
    ? 'parte-hartzaileak'
    : BASQUE_SECTIONS[category.replace(/ByYear$/, '') as Twin<CategoryId>];

/**
 * How one language names its charts and the anchors they cite: a statistic's section (Spanish: the
 * category's id), around a school's slug, before a name's slug, a name page's section of its chart.
 */
interface ChartNaming {
  section(category: CategoryId): string;
  school: readonly [before: string, after: string];
  names: Readonly<Record<NameKind, string>>;
  nameEditions: string;
}

const NAMINGS: Readonly<Record<Language, ChartNaming>> = {
  es: {
    section: (category) => category,
    school: ['companias-', '-participantes'],
    names: { firstName: 'nombres', surname: 'apellidos' },
    nameEditions: 'ediciones',
  },
  eu: {
    section: basqueSection,
    school: ['konpainiak-', '-parte-hartzaileak'],
    names: { firstName: 'izenak', surname: 'abizenak' },
    nameEditions: 'edizioak',
  },
};

/** The anchor of a statistic's section on a page of `language`: `topNamesByYear`, `izen-ohikoenak`. */
export const sectionId = (language: Language, category: CategoryId) => NAMINGS[language].section(category);

/** The anchor of a name page's editions, where its chart is: `ediciones`, `edizioak`. */
export const nameEditionsId = (language: Language) => NAMINGS[language].nameEditions;

/** A chart's name in `language`: `2024-topNamesByYear`, `global-izen-ohikoenak`, `konpainiak-zubia-parte-hartzaileak`. */
export function chartName(language: Language, key: ChartKey): string {
  const naming = NAMINGS[language];
  if (key.chart === 'statistic') return `${key.year}-${naming.section(key.category)}`;
  if (key.chart === 'school') return `${naming.school[0]}${key.slug}${naming.school[1]}`;
  return `${naming.names[key.kind]}-${key.slug}`;
}

const SLUG = '[a-z0-9-]+';

/** The statistic a section's name stands for on a page of `year`: of that year, or of all of them. */
function statisticOfSection(naming: ChartNaming, year: string, section: string): CategoryId | undefined {
  const scopes = year === GLOBAL_YEAR ? ['global', 'both'] : ['yearly', 'both'];
  return CATEGORY_IDS.find(
    (category) => naming.section(category) === section && scopes.includes(statisticOf(category).scope),
  );
}

/** The chart a name of `language` stands for, if it is one (whether it exists is the site's to say). */
export function chartKeyOf(language: Language, name: string): ChartKey | undefined {
  const naming = NAMINGS[language];
  const [, year = '', section = ''] = /^([0-9]{4}|global)-([A-Za-z-]+)$/.exec(name) ?? [];
  const category = section === '' ? undefined : statisticOfSection(naming, year, section);
  if (category !== undefined) return { chart: 'statistic', year, category };
  const [before, after] = naming.school;
  const school = new RegExp(`^${before}(${SLUG})${after}$`).exec(name)?.[1];
  if (school !== undefined) return { chart: 'school', slug: school };
  for (const kind of ['firstName', 'surname'] as const) {
    const slug = new RegExp(`^${naming.names[kind]}-(${SLUG})$`).exec(name)?.[1];
    if (slug !== undefined) return { chart: 'name', kind, slug };
  }
  return undefined;
}
