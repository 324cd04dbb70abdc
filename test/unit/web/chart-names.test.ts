/** The charts' names in each language: read back as written, Basque in Basque, one per statistic of a page. */
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, GLOBAL_YEAR, statisticOf } from '../../../src/domain/categories.js';
import { chartKeyOf, chartName, sectionId, type ChartKey } from '../../../src/web/chart-names.js';
import { LANGUAGES } from '../../../src/web/locale.js';

const yearOf = (scope: string) => (scope === 'global' ? GLOBAL_YEAR : '2024');
const KEYS: ChartKey[] = [
  ...CATEGORY_IDS.map((category): ChartKey => {
    const year = yearOf(statisticOf(category).scope);
    return { chart: 'statistic', year, category };
  }),
  { chart: 'school', slug: 'ikastola-zubia-2' },
  { chart: 'name', kind: 'firstName', slug: 'ane' },
  { chart: 'name', kind: 'surname', slug: 'lopez-de-munain' },
];

describe.each(LANGUAGES)('chart names (%s)', (language) => {
  it('read back as the chart they name', () => {
    for (const key of KEYS) expect(chartKeyOf(language, chartName(language, key))).toEqual(key);
    expect(chartKeyOf(language, '2024-nothing')).toBeUndefined();
  });

  it('give every statistic of a page an anchor of its own', () => {
    for (const scope of ['yearly', 'global']) {
      const onPage = CATEGORY_IDS.filter((category) => [scope, 'both'].includes(statisticOf(category).scope));
      const ids = onPage.map((category) => sectionId(language, category));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

it('the Basque names are Basque words in lower case, the Spanish ones as they were', () => {
  const basque = KEYS.map((key) => chartName('eu', key));
  // A statistic of a year and its twin over all of them share a name: the year tells which.
  expect(chartKeyOf('eu', `${GLOBAL_YEAR}-izen-ohikoenak`)).toEqual({
    chart: 'statistic',
    year: GLOBAL_YEAR,
    category: 'topNames',
  });
  for (const name of basque) expect(name).toMatch(/^[a-z0-9-]+$/);
  expect(basque).toEqual(
    expect.arrayContaining([
      '2024-izen-ohikoenak',
      'global-parte-hartzaileak-edizioz-edizio',
      'konpainiak-ikastola-zubia-2-parte-hartzaileak',
      'izenak-ane',
      'abizenak-lopez-de-munain',
    ]),
  );
  expect(KEYS.map((key) => chartName('es', key))).toEqual(
    expect.arrayContaining([
      '2024-topNamesByYear',
      'companias-ikastola-zubia-2-participantes',
      'nombres-ane',
    ]),
  );
});
