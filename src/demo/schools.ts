// Every school's name is invented in the style of the city's: none is meant to be real.

/** 2021 was cancelled. */
export const DEMO_YEARS: readonly number[] = Object.freeze([2018, 2019, 2020, 2022, 2023, 2024, 2025]);

/** The small groups' catch-all, present every year, and its name on the Basque pages. */
export const DEMO_CATCH_ALL_SCHOOL = 'Otras compañías';
export const DEMO_CATCH_ALL_BASQUE = 'Beste konpainiak';

export interface DemoSchool {
  readonly name: string;
  readonly kind: 'ikastola' | 'colegio' | 'asociación' | 'otras';
  /** Children a year at scale 1, before the drift and the year's total. */
  readonly typicalSize: number;
  /** First and last editions it takes part in (both included), and those it skipped. */
  readonly from?: number;
  readonly until?: number;
  readonly skips?: readonly number[];
}

/** Name, kind, typical size and, for some, `from YEAR`, `until YEAR` or `skips YEAR`. */
const SCHOOL_TABLE = `
  Haritzalde Ikastola                  | ikastola   | 215
  Colegio Nuestra Señora del Faro      | colegio    | 250
  Ikastola Lizarbide                   | ikastola   | 185
  Colegio Santa Teresa del Monte       | colegio    | 235
  Urkimendi Ikastola                   | ikastola   | 150
  Itsasbegi Ikastola                   | ikastola   | 240
  Colegio San Ignacio del Puerto       | colegio    | 205
  Ikastola Txantxangorri               | ikastola   |  95
  Colegio Nuestra Señora de la Bahía   | colegio    | 190
  Ilargibide Ikastola                  | ikastola   | 130
  Colegio Sagrado Corazón de Ulía      | colegio    | 175
  Ikastola Ortzibide                   | ikastola   |  75
  Izarraitz Berri Ikastola             | ikastola   | 160
  Colegio Santa Clara del Mar          | colegio    | 120
  Kurloi Ikastola                      | ikastola   |  55
  Colegio San José de la Loma          | colegio    | 140
  Ikastola Urbegi                      | ikastola   |  60 | from 2020
  Hegoalde Berri Ikastola              | ikastola   | 120
  Colegio Inmaculada de Miramar        | colegio    | 105 | until 2020
  Ikastola Loreaga                     | ikastola   |  85 | until 2019
  Colegio Santo Ángel del Paseo        | colegio    |  80
  Sagardi Berri Ikastola               | ikastola   | 110
  Colegio Santa Águeda de Igeldo       | colegio    |  70
  Ikastola Zumardi Txiki               | ikastola   |  40
  Colegio San Telmo del Muelle         | colegio    |  60 | until 2019
  Ikastola Hondarbide                  | ikastola   |  45 | from 2023
  Elorrigain Ikastola                  | ikastola   | 170
  Colegio Virgen de la Peña            | colegio    |  90
  Ikastola Arkaitzpe                   | ikastola   |  65
  Colegio Santa Lucía de Ibaeta        | colegio    | 115 | from 2020
  Mendibarren Ikastola                 | ikastola   | 100
  Colegio Nuestra Señora de Itsasmendi | colegio    | 150
  Egunsenti Herri Ikastetxea           | ikastola   | 140
  Colegio San Bartolomé de la Colina   | colegio    |  85
  Aitzurdi Lizeoa                      | ikastola   | 125
  Colegio Santa Ana de Lugaritz        | colegio    |  95 | from 2023
  Txindurri Ikastetxea                 | ikastola   |  50 | from 2024
  Asociación Cultural Itsasoko Haizea  | asociación |  45
  Sociedad Recreativa Danbor Zaharra   | asociación |  35
  Asociación de Vecinos Muelle Berri   | asociación |  40 | until 2019
  Club de Remo Arraun Txiki            | asociación |  50 | from 2020
  Peña Txistulari Ilargi               | asociación |  30 | skips 2022
  Compañía Infantil Barrikote          | asociación |  55
  Asociación Juvenil Gazte Kalean      | asociación |  35 | from 2023
  Sociedad Gastronómica Sukalde Txiki  | asociación |  40
  Otras compañías                      | otras      |  90
`;

export const DEMO_SCHOOLS: readonly DemoSchool[] = SCHOOL_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [name, kind, size, editions] = line.split('|').map((cell) => cell.trim());
    const [field, year] = editions?.split(' ') ?? [];
    const limit = field === undefined ? {} : { [field]: field === 'skips' ? [Number(year)] : Number(year) };
    return { name, kind, typicalSize: Number(size), ...limit } as DemoSchool;
  });

export function isSchoolActive(school: DemoSchool, year: number): boolean {
  return year >= (school.from ?? year) && year <= (school.until ?? year) && !school.skips?.includes(year);
}
