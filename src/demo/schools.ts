/**
 * The demo's schools and companies. Every name is invented in the style of the city's
 * schools (ikastolas, colegios, a few associations): none of them is meant to be a real
 * school of the city, and any resemblance to a real one elsewhere is a coincidence.
 */

/** Editions of the demo: 2021 was cancelled. */
export const DEMO_YEARS: readonly number[] = Object.freeze([2018, 2019, 2020, 2022, 2023, 2024, 2025]);

/** The catch-all company for the small groups, present every year. */
export const DEMO_CATCH_ALL_SCHOOL = 'Otras compañías';

export type DemoSchoolKind = 'ikastola' | 'colegio' | 'asociación' | 'otras';

export interface DemoSchool {
  readonly name: string;
  readonly kind: DemoSchoolKind;
  /** Children a year at scale 1 in a normal year, before the yearly drift and the year's total. */
  readonly typicalSize: number;
  /** First edition it takes part in (inclusive); absent: since the first demo year. */
  readonly from?: number;
  /** Last edition it takes part in (inclusive); absent: still taking part. */
  readonly until?: number;
  /** Editions it skipped in between. */
  readonly skips?: readonly number[];
}

// prettier-ignore
export const DEMO_SCHOOLS: readonly DemoSchool[] = Object.freeze([
  { name: 'Haritzalde Ikastola', kind: 'ikastola', typicalSize: 215 },
  { name: 'Colegio Nuestra Señora del Faro', kind: 'colegio', typicalSize: 250 },
  { name: 'Ikastola Lizarbide', kind: 'ikastola', typicalSize: 185 },
  { name: 'Colegio Santa Teresa del Monte', kind: 'colegio', typicalSize: 235 },
  { name: 'Urkimendi Ikastola', kind: 'ikastola', typicalSize: 150 },
  { name: 'Itsasbegi Ikastola', kind: 'ikastola', typicalSize: 240 },
  { name: 'Colegio San Ignacio del Puerto', kind: 'colegio', typicalSize: 205 },
  { name: 'Ikastola Txantxangorri', kind: 'ikastola', typicalSize: 95 },
  { name: 'Colegio Nuestra Señora de la Bahía', kind: 'colegio', typicalSize: 190 },
  { name: 'Ilargibide Ikastola', kind: 'ikastola', typicalSize: 130 },
  { name: 'Colegio Sagrado Corazón de Ulía', kind: 'colegio', typicalSize: 175 },
  { name: 'Ikastola Ortzibide', kind: 'ikastola', typicalSize: 75 },
  { name: 'Izarraitz Berri Ikastola', kind: 'ikastola', typicalSize: 160 },
  { name: 'Colegio Santa Clara del Mar', kind: 'colegio', typicalSize: 120 },
  { name: 'Kurloi Ikastola', kind: 'ikastola', typicalSize: 55 },
  { name: 'Colegio San José de la Loma', kind: 'colegio', typicalSize: 140 },
  { name: 'Ikastola Urbegi', kind: 'ikastola', typicalSize: 60, from: 2020 },
  { name: 'Hegoalde Berri Ikastola', kind: 'ikastola', typicalSize: 120 },
  { name: 'Colegio Inmaculada de Miramar', kind: 'colegio', typicalSize: 105, until: 2020 },
  { name: 'Ikastola Loreaga', kind: 'ikastola', typicalSize: 85, until: 2019 },
  { name: 'Colegio Santo Ángel del Paseo', kind: 'colegio', typicalSize: 80 },
  { name: 'Sagardi Berri Ikastola', kind: 'ikastola', typicalSize: 110 },
  { name: 'Colegio Santa Águeda de Igeldo', kind: 'colegio', typicalSize: 70 },
  { name: 'Ikastola Zumardi Txiki', kind: 'ikastola', typicalSize: 40 },
  { name: 'Colegio San Telmo del Muelle', kind: 'colegio', typicalSize: 60, until: 2019 },
  { name: 'Ikastola Hondarbide', kind: 'ikastola', typicalSize: 45, from: 2023 },
  { name: 'Elorrigain Ikastola', kind: 'ikastola', typicalSize: 170 },
  { name: 'Colegio Virgen de la Peña', kind: 'colegio', typicalSize: 90 },
  { name: 'Ikastola Arkaitzpe', kind: 'ikastola', typicalSize: 65 },
  { name: 'Colegio Santa Lucía de Ibaeta', kind: 'colegio', typicalSize: 115, from: 2020 },
  { name: 'Mendibarren Ikastola', kind: 'ikastola', typicalSize: 100 },
  { name: 'Colegio Nuestra Señora de Itsasmendi', kind: 'colegio', typicalSize: 150 },
  { name: 'Egunsenti Herri Ikastetxea', kind: 'ikastola', typicalSize: 140 },
  { name: 'Colegio San Bartolomé de la Colina', kind: 'colegio', typicalSize: 85 },
  { name: 'Aitzurdi Lizeoa', kind: 'ikastola', typicalSize: 125 },
  { name: 'Colegio Santa Ana de Lugaritz', kind: 'colegio', typicalSize: 95, from: 2023 },
  { name: 'Txindurri Ikastetxea', kind: 'ikastola', typicalSize: 50, from: 2024 },
  { name: 'Asociación Cultural Itsasoko Haizea', kind: 'asociación', typicalSize: 45 },
  { name: 'Sociedad Recreativa Danbor Zaharra', kind: 'asociación', typicalSize: 35 },
  { name: 'Asociación de Vecinos Muelle Berri', kind: 'asociación', typicalSize: 40, until: 2019 },
  { name: 'Club de Remo Arraun Txiki', kind: 'asociación', typicalSize: 50, from: 2020 },
  { name: 'Peña Txistulari Ilargi', kind: 'asociación', typicalSize: 30, skips: [2022] },
  { name: 'Compañía Infantil Barrikote', kind: 'asociación', typicalSize: 55 },
  { name: 'Asociación Juvenil Gazte Kalean', kind: 'asociación', typicalSize: 35, from: 2023 },
  { name: 'Sociedad Gastronómica Sukalde Txiki', kind: 'asociación', typicalSize: 40 },
  { name: DEMO_CATCH_ALL_SCHOOL, kind: 'otras', typicalSize: 90 },
] satisfies DemoSchool[]);

/** Whether the school takes part in the given edition. */
export function isSchoolActive(school: DemoSchool, year: number): boolean {
  if (school.from !== undefined && year < school.from) return false;
  if (school.until !== undefined && year > school.until) return false;
  return !(school.skips?.includes(year) ?? false);
}
