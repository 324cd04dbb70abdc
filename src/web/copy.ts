/** The Spanish texts of the public web pages. */
import { formatNumber, plural } from '../domain/spanish-words.js';

/** `1 compañía`, `46 compañías`: a figure with its word, for the web pages (no Markdown). */
function countedPlain(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${plural(count, one, many)}`;
}

/** A category's heading on the web pages, and the words of its table and chart. */
export interface CategoryTexts {
  title: string;
  /** The heading of the column of what is counted (`Nombre`, `Compañía`). */
  item?: string;
  /** The heading of the column of the counts (`Participantes`, `Apariciones`). */
  count?: string;
}

const RANKED_NAMES = { item: 'Nombre', count: 'Participantes' };
const RANKED_NAMES_GLOBAL = { item: 'Nombre', count: 'Apariciones' };
const RANKED_SURNAMES = { item: 'Apellido', count: 'Participantes' };
const RANKED_SURNAMES_GLOBAL = { item: 'Apellido', count: 'Apariciones' };
const RANKED_SCHOOLS = { item: 'Compañía', count: 'Participantes' };

export const webTexts = {
  siteName: 'Tamborrada Infantil en datos',
  skipToContent: 'Saltar al contenido',
  navigation: 'Secciones del sitio',
  nav: { home: 'Inicio', global: 'Todas las ediciones', search: 'Buscar', api: 'API' },
  updatingNotice:
    'Los datos se están actualizando con una nueva edición. Las estadísticas volverán a mostrarse en cuanto termine la actualización.',
  footer: {
    licence: 'Los datos de la Tamborrada Infantil se publican con licencia',
    licenceName: 'CC BY-SA 4.0',
    attribution: 'Obra original: Tamborradata, de RamistoDev.',
    api: 'Los mismos datos, en JSON:',
    apiLink: 'referencia de la API',
  },
  home: {
    title: 'La Tamborrada Infantil en datos',
    description:
      'Estadísticas de la Tamborrada Infantil: participantes, nombres, apellidos y compañías de cada edición.',
    lead: [
      'Cada año, niños y niñas de colegios, ikastolas y asociaciones desfilan con sus tambores y barriles en la Tamborrada Infantil, agrupados en compañías.',
      'Aquí están las cifras de cada edición: cuántos participaron, los nombres y apellidos más repetidos y las compañías más numerosas. Los datos se actualizan una vez al año, después de cada edición.',
    ],
    figuresHeading: 'En cifras',
    chartHeading: 'Participantes por edición',
    yearsHeading: 'Estadísticas por edición',
    globalLink: 'Todas las ediciones juntas',
    searchHeading: 'Busca a un participante',
    apiHeading: 'Para desarrolladores',
    apiText: 'Todo lo que muestra esta web sale de una API JSON pública y abierta, documentada en la',
    apiLink: 'referencia de la API',
    noData: 'Todavía no hay ninguna edición publicada.',
  },
  /** The words after a headline figure, by count. */
  figures: {
    editions: (count: number) => plural(count, 'edición con datos', 'ediciones con datos'),
    participations: (count: number) => plural(count, 'participación', 'participaciones'),
    schools: (count: number) => plural(count, 'compañía', 'compañías'),
    names: (count: number) => plural(count, 'nombre distinto', 'nombres distintos'),
  },

  statistics: {
    yearTitle: (year: string) => `Tamborrada Infantil ${year}`,
    globalTitle: 'Todas las ediciones',
    yearDescription: (year: string) => `Estadísticas de la Tamborrada Infantil de ${year}.`,
    globalDescription: 'Estadísticas de todas las ediciones de la Tamborrada Infantil.',
    otherYears: 'Ediciones',
    unreadable: 'Los datos de esta sección no tienen la forma esperada: solo se muestra su resumen.',
  },
  table: {
    caption: (title: string) => `${title}: datos`,
    position: 'Puesto',
    year: 'Año',
    participants: 'Participantes',
    name: 'Nombre',
    school: 'Compañía',
    commonName: 'Nombre más frecuente',
    total: 'Total',
    years: 'Años',
    missingYear: 'sin datos',
    show: (rows: number) => `Ver la tabla (${countedPlain(rows, 'fila', 'filas')})`,
  },
  charts: {
    bars: (count: number, first: string, last: string) =>
      `Barras horizontales de ${count} elementos, de mayor a menor: de ${first} a ${last}. Los valores están en la tabla.`,
    line: (first: string, last: string, busiest: string, missing: readonly number[]) =>
      `Línea de participantes por edición, de ${first} a ${last}; el máximo, ${busiest}.` +
      (missing.length === 0 ? '' : ` Sin datos de ${missing.join(', ')}.`) +
      ' Los valores están en la tabla.',
    lines: (schools: readonly string[]) =>
      `Una línea por compañía con sus participantes en cada edición: ${schools.join('; ')}. Los valores están en la tabla.`,
    shownSchools: (shown: number, total: number) =>
      shown === total
        ? ''
        : `El gráfico muestra las ${shown} primeras de ${total} compañías; la tabla, todas.`,
    characters: (count: number) => countedPlain(count, 'carácter', 'caracteres'),
    editions: (count: number) => countedPlain(count, 'edición', 'ediciones'),
    /** `7 de 7`: the editions a school took part in, of those with data. */
    editionsOf: (count: number, total: number) => `${formatNumber(count)} de ${formatNumber(total)}`,
    schoolLine: (school: string, points: readonly string[]) =>
      `Participantes de ${school} en cada edición: ${points.join(', ')}.`,
    dots: (schools: number, editions: number, missing: readonly number[]) =>
      `Un punto por edición para cada una de las ${countedPlain(schools, 'compañía', 'compañías')}: lleno si participó, vacío si no, en ${countedPlain(editions, 'edición', 'ediciones')} con datos.` +
      (missing.length === 0 ? '' : ` Sin datos de ${missing.join(', ')}.`) +
      ' Los valores están en la tabla.',
  },
  categories: {
    intro: { title: 'Presentación' },
    outro: { title: 'Cierre' },
    totalParticipantsByYear: { title: 'Participantes' },
    totalParticipants: { title: 'Participantes por edición' },
    namesDiversityByYear: { title: 'Nombres distintos' },
    namesDiversity: { title: 'Nombres distintos' },
    surnamesDiversityByYear: { title: 'Apellidos distintos' },
    surnamesDiversity: { title: 'Apellidos distintos' },
    topNamesByYear: { title: 'Nombres más repetidos', ...RANKED_NAMES },
    topNames: { title: 'Nombres más repetidos', ...RANKED_NAMES_GLOBAL },
    topSurnamesByYear: { title: 'Apellidos más comunes', ...RANKED_SURNAMES },
    topSurnames: { title: 'Apellidos más comunes', ...RANKED_SURNAMES_GLOBAL },
    topSchoolsByYear: { title: 'Compañías más numerosas', ...RANKED_SCHOOLS },
    topSchools: { title: 'Compañías más numerosas', ...RANKED_SCHOOLS },
    newNamesByYear: { title: 'Nombres nuevos', item: 'Nombre' },
    newSchoolsByYear: { title: 'Compañías nuevas', item: 'Compañía' },
    commonNameBySchoolByYear: { title: 'El nombre más frecuente de cada compañía' },
    commonNameBySchool: { title: 'El nombre más frecuente de cada compañía' },
    longestNames: { title: 'Nombres más largos', item: 'Nombre', count: 'Caracteres' },
    schoolsEvolution: { title: 'Evolución de las compañías' },
    mostConstantSchools: { title: 'Compañías más constantes', item: 'Compañía', count: 'Ediciones' },
  } satisfies Record<string, CategoryTexts>,
  search: {
    title: 'Buscar a un participante',
    description: 'Busca en qué ediciones de la Tamborrada Infantil participó un niño o una niña.',
    intro:
      'Escribe el nombre y los dos apellidos completos, tal como figuran en la lista, y elige la compañía: verás en qué ediciones aparece. Da igual escribir con o sin tildes, en mayúsculas o en minúsculas.',
    nameLabel: 'Nombre y dos apellidos',
    nameHint: 'Por ejemplo: Ane Garcia Lopez',
    companyLabel: 'Compañía',
    companyChoose: 'Elige una compañía',
    submit: 'Buscar',
    privacy:
      'El nombre se envía en el cuerpo de la petición: no queda en la dirección de la página, en el historial ni en los registros del servidor.',
    resultsHeading: 'Resultados',
    found: (count: number, company: string) =>
      `${countedPlain(count, 'participación', 'participaciones')} en ${company}.`,
    notFound:
      'No hay ningún participante con ese nombre en esa compañía. Comprueba el nombre, los dos apellidos y la compañía.',
    /** Why a search could not be made. */
    errors: {
      nothing: 'Escribe el nombre y los dos apellidos, y elige una compañía.',
      name: 'Escribe el nombre y los dos apellidos.',
      company: 'Elige una compañía de la lista.',
      nameTooShort: 'Escribe el nombre y los dos apellidos completos: al menos tres palabras.',
    },
  },
  notFound: {
    title: 'Página no encontrada',
    text: 'No hay ninguna página en esta dirección.',
    yearsHeading: 'Estadísticas publicadas',
    home: 'Volver al inicio',
  },
  unavailable: {
    title: 'Datos no disponibles',
    text: 'El servidor todavía no ha podido leer los datos de la Tamborrada Infantil. Inténtalo de nuevo dentro de unos minutos.',
  },
} as const;
