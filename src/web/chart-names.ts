import { GLOBAL_YEAR, isCategoryId, statisticOf, type CategoryId } from '../domain/categories.js';
import type { NameKind } from '../domain/statistics/name-facts.js';
import type { Language } from './locale.js';

/**
 * What a chart of the pages is, whatever its language: a statistic of a year (or of
 * `global`), a school's participants per edition (by its page's slug), a name's editions.
 */
export type ChartKey =
  | { chart: 'statistic'; year: string; category: CategoryId }
  | { chart: 'school'; slug: string }
  | { chart: 'name'; kind: NameKind; slug: string };

/**
 * The anchor of each statistic's section on a Basque page, and so the name of its chart
 * (`2024-izen-ohikoenak`): a statistic of a year and its twin over all of them share one,
 * as they share a title, and never share a page.
 */
const BASQUE_SECTIONS: Readonly<Record<CategoryId, string>> = {
  intro: 'aurkezpena',
  outro: 'amaiera',
  totalParticipantsByYear: 'parte-hartzaileak',
  totalParticipants: 'parte-hartzaileak-edizioz-edizio',
  namesDiversityByYear: 'izen-desberdinak',
  namesDiversity: 'izen-desberdinak',
  surnamesDiversityByYear: 'abizen-desberdinak',
  surnamesDiversity: 'abizen-desberdinak',
  topNamesByYear: 'izen-ohikoenak',
  topNames: 'izen-ohikoenak',
  topSurnamesByYear: 'abizen-ohikoenak',
  topSurnames: 'abizen-ohikoenak',
  topSchoolsByYear: 'konpainia-handienak',
  topSchools: 'konpainia-handienak',
  newNamesByYear: 'izen-berriak',
  newSchoolsByYear: 'konpainia-berriak',
  commonNameBySchoolByYear: 'konpainia-bakoitzeko-izen-ohikoena',
  commonNameBySchool: 'konpainia-bakoitzeko-izen-ohikoena',
  longestNames: 'izen-luzeenak',
  schoolsEvolution: 'konpainien-bilakaera',
  mostConstantSchools: 'konpainia-iraunkorrenak',
};

/** How one language names its charts and the anchors they cite. */
interface ChartNaming {
  /** A statistic's section on its page (Spanish: the category's id, as the API names it). */
  section(category: CategoryId): string;
  /** Around a school's slug: `companias-{slug}-participantes`. */
  school: readonly [before: string, after: string];
  /** Before a name's slug: `nombres-{slug}`. */
  names: Readonly<Record<NameKind, string>>;
  /** The section of a name's page its chart is in. */
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
    section: (category) => BASQUE_SECTIONS[category],
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
  const categories = Object.keys(BASQUE_SECTIONS).filter(isCategoryId);
  return categories.find(
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
