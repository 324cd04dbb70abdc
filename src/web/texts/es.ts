/** The Spanish texts of the public web pages: the catalogue every other language follows (`Texts`). */
import type { Statistic, STATISTICS } from '../../domain/categories.js';
import type { NameKind } from '../../domain/statistics/name-facts.js';
import { apiErrors } from '../../domain/api-messages.js';
import {
  formatChange,
  formatChangeShare,
  formatNumber,
  formatPercent,
  plural,
} from '../../domain/spanish-words.js';

const countedPlain = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${plural(count, one, many)}`;

const editions = (count: number) => countedPlain(count, 'edición', 'ediciones');
const participations = (count: number) => countedPlain(count, 'participación', 'participaciones');
// Texts that several pages share.
const PER_EDITION = 'Participantes por edición';
const COMMON_NAME = 'El nombre más frecuente de cada compañía';
/** A school's editions, from its first to its last (`last` undefined: it takes part still). */
const schoolYears = (first: number, last: number | undefined, sinceDataStart = false) => {
  const since = 'la primera edición de la que hay datos';
  if (last === undefined) return `desde ${first}${sinceDataStart ? `, ${since}` : ''}`;
  if (last === first) return `en ${first}${sinceDataStart ? `, ${since}` : ''}`;
  return `de ${first}${sinceDataStart ? ` (${since})` : ''} a ${last}`;
};
type Years = readonly number[];
type Points = readonly string[];
const missingYears = (missing: Years) => (missing.length === 0 ? '' : ` Sin datos de ${missing.join(', ')}.`);

/** A category's heading, and its table's columns: what is counted (`Nombre`), and the counts. */
export type CategoryTexts = { title: string; item?: string; count?: string };

/** The words a statistic's view needs (`src/domain/categories.ts`). */
type WordsOf<S extends Statistic> = { title: string } & (S['view'] extends 'ranking' | 'lengths' | 'constant'
  ? { item: string; count: string }
  : S['shape'] extends 'names' | 'newSchools'
    ? { item: string }
    : unknown);
type CategoryWords = { [S in (typeof STATISTICS)[number] as S['id']]: WordsOf<S> };

export const es = {
  siteName: 'Tamborrada Infantil en datos',
  skipToContent: 'Saltar al contenido',
  navigation: 'Secciones del sitio',
  nav: { home: 'Inicio', global: 'Todas las ediciones', names: 'Nombres', search: 'Buscar', api: 'API' },
  otherLanguage: { language: 'eu' as 'es' | 'eu', label: 'Euskaraz', title: 'Orri hau euskaraz' },
  updatingNotice:
    'Los datos se están actualizando con una nueva edición. Las estadísticas volverán a mostrarse en cuanto termine la actualización.',
  /** The link to the API's reference, in the footer, on the home page and on the about page. */
  apiReference: 'referencia de la API',
  footer: {
    licence: ['Los datos de la Tamborrada Infantil se publican con licencia', ''],
    attribution: 'Obra original: Tamborradata, de RamistoDev.',
    api: 'Los mismos datos, en JSON:',
  },
  home: {
    title: 'La Tamborrada Infantil en datos',
    description:
      'Estadísticas de la Tamborrada Infantil: participantes, nombres, apellidos y compañías de cada edición.',
    lead: [
      'Cada año, niños y niñas de colegios, ikastolas y asociaciones desfilan con sus tambores y barriles en la Tamborrada Infantil, agrupados en compañías.',
      'Aquí están las cifras de cada edición: cuántos participaron, los nombres y apellidos más repetidos y las compañías más numerosas. Los datos se actualizan una vez al año, después de cada edición.',
    ],
    yearsHeading: 'Estadísticas por edición',
    searchHeading: 'Busca a un participante',
    apiHeading: 'Para desarrolladores',
    apiText: 'Todo lo que muestra esta web sale de una API JSON pública y abierta, documentada en la',
    noData: 'Todavía no hay ninguna edición publicada.',
  },
  /** The headline figures' heading, and the words after each (Basque gives a label under it instead). */
  figures: {
    heading: 'En cifras',
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
    /** The evolution table ordered by the change since an edition (`?desde=2018`). */
    change: {
      column: (base: number, last: number) => `Cambio ${base}-${last}`,
      shareColumn: (base: number, last: number) => `Cambio ${base}-${last} (%)`,
      value: formatChange,
      share: formatChangeShare,
      orderBy: 'Ordenar por el cambio de participantes desde',
      pageOrder: 'orden por total',
      ordered: (base: number, last: number) =>
        `Ordenadas por el cambio de participantes de ${base} a ${last}, de la mayor subida a la mayor bajada; sin datos en una edición cuenta como 0.`,
    },
    show: (rows: number) => `Ver la tabla (${countedPlain(rows, 'fila', 'filas')})`,
  },
  charts: {
    bars: (count: number, first: string, last: string) =>
      `Barras horizontales de ${count} elementos, de mayor a menor: de ${first} a ${last}.`,
    line: (first: string, last: string, busiest: string, missing: Years) =>
      `Línea de participantes por edición, de ${first} a ${last}; el máximo, ${busiest}.${missingYears(missing)}`,
    shownSchools: (shown: number, total: number) =>
      shown === total
        ? ''
        : `El gráfico muestra las ${shown} primeras de ${total} compañías; la tabla, todas.`,
    characters: (count: number) => countedPlain(count, 'carácter', 'caracteres'),
    /** After a chart's description, where its table is beside it. */
    inTable: 'Los valores están en la tabla.',
    editionsOf: (count: number, total: number) => `${formatNumber(count)} de ${formatNumber(total)}`,
    schoolLine: (school: string, points: Points) =>
      `Participantes de ${school} en cada edición: ${points.join(', ')}.`,
    dots: (schools: number, count: number, missing: Years) =>
      `Un punto por edición para cada una de las ${countedPlain(schools, 'compañía', 'compañías')}: lleno si participó, vacío si no, en ${editions(count)} con datos.${missingYears(missing)}`,
  },
  categories: {
    intro: { title: 'Presentación' },
    outro: { title: 'Cierre' },
    totalParticipantsByYear: { title: 'Participantes' },
    totalParticipants: { title: PER_EDITION },
    namesDiversityByYear: { title: 'Nombres distintos' },
    namesDiversity: { title: 'Nombres distintos' },
    surnamesDiversityByYear: { title: 'Apellidos distintos' },
    surnamesDiversity: { title: 'Apellidos distintos' },
    topNamesByYear: { title: 'Nombres más repetidos', item: 'Nombre', count: 'Participantes' },
    topNames: { title: 'Nombres más repetidos', item: 'Nombre', count: 'Apariciones' },
    topSurnamesByYear: { title: 'Apellidos más comunes', item: 'Apellido', count: 'Participantes' },
    topSurnames: { title: 'Apellidos más comunes', item: 'Apellido', count: 'Apariciones' },
    topSchoolsByYear: { title: 'Compañías más numerosas', item: 'Compañía', count: 'Participantes' },
    topSchools: { title: 'Compañías más numerosas', item: 'Compañía', count: 'Participantes' },
    newNamesByYear: { title: 'Nombres nuevos', item: 'Nombre' },
    newSchoolsByYear: { title: 'Compañías nuevas', item: 'Compañía' },
    commonNameBySchoolByYear: { title: COMMON_NAME },
    commonNameBySchool: { title: COMMON_NAME },
    longestNames: { title: 'Nombres más largos', item: 'Nombre', count: 'Caracteres' },
    schoolsEvolution: { title: 'Evolución de las compañías' },
    mostConstantSchools: { title: 'Compañías más constantes', item: 'Compañía', count: 'Ediciones' },
  } satisfies CategoryWords,
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
    found: (count: number, company: string) => `${participations(count)} en ${company}.`,
    notFound:
      'No hay ningún participante con ese nombre en esa compañía. Comprueba el nombre, los dos apellidos y la compañía.',
    errors: {
      nothing: 'Escribe el nombre y los dos apellidos, y elige una compañía.',
      name: 'Escribe el nombre y los dos apellidos.',
      company: 'Elige una compañía de la lista.',
      nameTooShort: 'Escribe el nombre y los dos apellidos completos: al menos tres palabras.',
      rateLimited: apiErrors.rateLimited.text,
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
  school: {
    description: (school: string, editionCount: number, participationCount: number) =>
      `${school} en la Tamborrada Infantil: ${editions(editionCount)} y ${participations(participationCount)}, año a año.`,
    lead: (first: number, last: number | undefined, sinceDataStart: boolean) =>
      `${last === undefined ? 'Desfila' : 'Desfiló'} en la Tamborrada Infantil ${schoolYears(first, last, sinceDataStart)}. Estas son sus cifras de cada edición: solo totales, nunca listas de participantes.`,
    editions: (count: number) => plural(count, 'edición', 'ediciones'),
    firstEdition: 'primera edición',
    participantsHeading: PER_EDITION,
    participantsText:
      'Cuántos niños y niñas de la compañía desfilaron en cada edición publicada desde su primera; un 0 es una edición en la que no participó.',
    compare: 'Compárala con otras compañías',
    namesHeading: 'El nombre más frecuente en cada edición',
    namesText: (overall: string | undefined) =>
      (overall === undefined
        ? ''
        : `En el conjunto de todas las ediciones, su nombre más frecuente es ${overall}. `) +
      `Es el mismo dato que la estadística «${COMMON_NAME}» de cada edición.`,
  },
  /** The index, lookup and page of each first name and surname (`/nombres`, `/apellidos`). */
  names: {
    kinds: {
      firstName: {
        index: 'Nombres',
        kind: 'Nombre de pila',
        hint: 'Por ejemplo: Ane',
        listHeading: 'Todos los nombres, de la A a la Z',
        editions: 'Nombres por edición',
        lookupHeading: 'Busca un nombre',
      },
      surname: {
        index: 'Apellidos',
        kind: 'Apellido',
        hint: 'Por ejemplo: Etxeberria',
        listHeading: 'Todos los apellidos, de la A a la Z',
        editions: 'Apellidos por edición',
        lookupHeading: 'Busca un apellido',
      },
    },
    indexDescription: 'Los nombres de pila y apellidos de la Tamborrada Infantil, cada uno con su página.',
    indexLead: (k: number) =>
      `Cada nombre de pila y cada apellido que llevan al menos ${k} niños y niñas en una misma edición tiene su página: cuántos lo llevan en cada edición, su puesto y las compañías donde es más frecuente.`,
    lookup: 'Ver su página',
    suggestions: '¿Quizá buscabas alguno de estos?',
    /** Before the links to the other spellings of a name (Etxeberria, Echeverria). */
    variants: 'También se escribe:',
    notFound: (typed: string, k: number) =>
      `«${typed}» no tiene página. Solo la tienen los nombres y apellidos que llevan al menos ${k} niños y niñas en alguna edición.`,
    description: (name: string) =>
      `${name} en la Tamborrada Infantil: cuántos niños y niñas lo llevan en cada edición, su puesto y sus compañías.`,
    lead: (k: number) =>
      `Cuántos niños y niñas lo llevan en cada edición publicada, su puesto y su porcentaje de los participantes. Donde lo llevan menos de ${k}, la edición no da la cifra.`,
    shownEditions: (count: number, k: number, _kind: NameKind) =>
      `${plural(count, 'edición', 'ediciones')} con ${k} o más`,
    firstEdition: 'primera edición con la cifra',
    schools: (count: number, k: number, _kind: NameKind) =>
      `${plural(count, 'compañía', 'compañías')} con ${k} o más en una edición`,
    editionsHeading: 'Por edición',
    chartTitle: (kind: string, name: string) =>
      `${kind} ${name}: participantes por edición en la Tamborrada Infantil`,
    fewer: (k: number) => `menos de ${k}`,
    /** The data package's description of a name's CSV file. */
    fileText: (k: number) =>
      `Cada edición publicada: cuántos niños y niñas lo llevan, su puesto y su porcentaje de los participantes; vacío donde lo llevan menos de ${k}.`,
    /** What the long files of every name and edition hold. */
    editionsText: (k: number) =>
      `Una fila por cada nombre con página y cada edición en que lo llevan ${k} o más: participantes, puesto y porcentaje, como en su página.`,
    share: 'Porcentaje',
    percent: formatPercent,
    chart: (kind: NameKind, name: string, points: Points, missing: Years, withheld: Years, k: number) =>
      `Participantes ${kind === 'surname' ? 'con el apellido' : 'llamados'} ${name} en cada edición: ${points.join(', ') || 'ninguna cifra'}.${missingYears(missing)}${withheld.length === 0 ? '' : ` Menos de ${k} en ${withheld.join(', ')}.`}`,
    shareHeading: 'Porcentaje de los participantes',
    /** The share chart's description: its points are `2024 (1,2 %)`. */
    shareChart: (kind: NameKind, name: string, points: Points, withheld: Years, k: number) =>
      `Porcentaje de los participantes de cada edición ${kind === 'surname' ? 'con el apellido' : 'llamados'} ${name}: ${points.join(', ') || 'ninguna cifra'}.${withheld.length === 0 ? '' : ` Menos de ${k} en ${withheld.join(', ')}.`}`,
    schoolsHeading: 'Dónde es más frecuente',
    schoolsText: (k: number, kind: NameKind) =>
      `Las compañías donde llevan ${kind === 'surname' ? 'este apellido' : 'este nombre'} al menos ${k} niños y niñas en alguna edición, de más a menos. Sin cifras: junto a las de cada edición, dirían cuántos lo llevan en las demás compañías.`,
    noSchools: (k: number, kind: NameKind) =>
      `No hay ninguna compañía donde lleven ${kind === 'surname' ? 'este apellido' : 'este nombre'} ${k} niños y niñas o más en una misma edición.`,
    compare: 'Compáralo con otros',
    card: (kind: string, first: number | undefined) =>
      first === undefined ? kind : `${kind} · desde ${first}`,
  },
  /** The comparisons (`/comparar/nombres`, `/comparar/apellidos`, `/comparar/companias`). */
  compare: {
    firstName: {
      title: 'Comparar nombres',
      description:
        'Hasta cinco nombres de pila de la Tamborrada Infantil en un gráfico: cuántos niños y niñas los llevan en cada edición.',
      card: 'Hasta cinco nombres, edición a edición',
      items: 'nombres',
      /** As a link from the other comparisons. */
      others: 'nombres',
      field: (place: number) => `Nombre ${place}`,
      chartHeading: 'Niños y niñas con cada nombre, por edición',
    },
    surname: {
      title: 'Comparar apellidos',
      description:
        'Hasta cinco apellidos de la Tamborrada Infantil en un gráfico: cuántos niños y niñas los llevan en cada edición.',
      card: 'Hasta cinco apellidos, edición a edición',
      items: 'apellidos',
      others: 'apellidos',
      field: (place: number) => `Apellido ${place}`,
      chartHeading: 'Niños y niñas con cada apellido, por edición',
    },
    school: {
      title: 'Comparar compañías',
      description:
        'Hasta cinco compañías de la Tamborrada Infantil en un gráfico: sus participantes en cada edición.',
      card: 'Hasta cinco compañías, edición a edición',
      others: 'compañías',
      field: (place: number) => `Compañía ${place}`,
      chartHeading: 'Participantes de cada compañía, por edición',
    },
    namesLead: (items: string, k: number) =>
      `Elige hasta cinco ${items} para ver en un mismo gráfico cuántos niños y niñas los llevan en cada edición, con su tabla y sus datos. La dirección de la página guarda la comparación, para compartirla. Por privacidad, solo hay cifras de los que llevan al menos ${k} niños y niñas en alguna edición.`,
    schoolsLead:
      'Elige hasta cinco compañías para ver en un mismo gráfico sus participantes en cada edición, con su tabla y sus datos. La dirección de la página guarda la comparación, para compartirla.',
    withheldText: (k: number) =>
      `Una edición en que lo llevan menos de ${k} niños y niñas no muestra su cifra («menos de ${k}»): la línea se interrumpe en ella.`,
    schoolsText: 'Un 0 es una edición en la que la compañía no participó.',
    chart: (labels: Points, first: number, last: number, missing: Years) =>
      `Una línea para cada uno (${labels.join(', ')}), de ${first} a ${last}.${missingYears(missing)}`,
    tooMany: 'Se comparan los cinco primeros: una comparación reúne como mucho cinco.',
    /** Before the names with no figures: the same words whether nobody or too few bear one. */
    namesNotFound: (k: number) =>
      `Sin cifras públicas (no aparecen en ninguna edición publicada, o en ninguna los llevan ${k} niños y niñas; por privacidad, no se distingue un caso del otro):`,
    schoolsNotFound: 'Sin participantes en ninguna edición publicada:',
    tooLong: (max: number) => `Cada casilla admite como mucho ${max} caracteres.`,
    formHeading: 'Elige qué comparar',
    submit: 'Comparar',
    othersLead: 'Comparar también:',
  },
  openData: {
    download: 'Descarga:',
    csv: 'CSV',
    json: 'JSON (API)',
    /** The same data as a JSON file of its own (a name's page: the API has no such operation). */
    jsonFile: 'JSON',
    licence: 'Licencia',
    licenceName: 'CC BY-SA 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/deed.es',
    attribution: 'atribución:',
    originalWork: 'Tamborradata, de RamistoDev',
    /** The CSV columns, one name per concept in every file (docs/decisions.md): title, meaning. */
    columns: (k: number) =>
      ({
        edicion: ['Edición', 'Año de la edición, de cuatro cifras.'],
        compania: ['Compañía', 'La compañía (colegio o asociación) con el nombre que le dan las listas.'],
        nombre: [
          'Nombre',
          `Nombre de pila como lo escriben las listas; el de una compañía, si lo llevan ${k} o más.`,
        ],
        apellido: ['Apellido', 'Apellido como lo escriben las listas.'],
        participantes: [
          'Participantes',
          `Niños y niñas contados; en todas las ediciones, la suma de las publicadas (quien sale en varias cuenta en cada una). Un nombre con menos de ${k} en una edición no tiene cifra: celda vacía o fila ausente.`,
        ],
        puesto: [
          'Puesto',
          'Puesto en la edición por participantes, de más a menos (los empates lo comparten: 1, 2, 2, 4).',
        ],
        porcentaje: [
          'Porcentaje',
          'Participantes con ese nombre por cada 100 de la edición, con dos decimales; vacío donde no hay cifra.',
        ],
        caracteres: ['Caracteres', 'Longitud del nombre en caracteres, espacios incluidos.'],
        nombres_distintos: [
          'Nombres distintos',
          'Cuántos nombres de pila distintos llevan los participantes.',
        ],
        apellidos_distintos: ['Apellidos distintos', 'Cuántos apellidos distintos llevan los participantes.'],
        cambio: [
          'Cambio desde la primera edición',
          'Participantes en la edición menos los de la primera edición del fichero (sin salir, 0).',
        ],
        cambio_porcentaje: [
          'Cambio desde la primera edición (%)',
          'El cambio por cada 100 participantes de la primera edición, con dos decimales; vacío si no salió.',
        ],
      }) satisfies Record<string, readonly [title: string, meaning: string]>,
    /** A CSV file's workbook: its sheets' names and the licence sheet's labels. */
    workbook: {
      data: 'Datos',
      about: 'Licencia',
      dataset: 'Conjunto de datos',
      licence: 'Licencia',
      attribution: 'Atribución',
      source: 'Fuente',
      date: 'Datos a fecha de',
    },
    /** Beside each chart, in its SVG file and on its embeddable page. */
    embed: {
      title: (chart: string, page: string) => `${chart} (${page})`,
      cite: 'Cómo citar:',
      citation: (site: string, chart: string, url: string, date: string | undefined) =>
        `${site}, «${chart}», ${url}${date === undefined ? '' : `, datos a fecha de ${date}`}.`,
      reuse: 'Reutilizar este gráfico',
      svg: 'Gráfico en SVG',
      page: 'Página para insertar',
      code: 'Código para insertarlo en otra web:',
      source: 'Fuente de los datos:',
      date: (date: string) => `Datos a fecha de ${date}`,
      noData: (years: Years) => `En rojo, ${years.join(', ')}: no se celebró la tamborrada, no hay datos.`,
    },
  },
  /** What a shared link and a search engine read of the site. */
  meta: {
    imageAlt: (title: string) => `Tarjeta de «${title}», de Tamborrada Infantil en datos`,
    datasetName: 'Participantes y estadísticas de la Tamborrada Infantil de Donostia',
    datasetDescription:
      'Estadísticas anuales y de conjunto de la Tamborrada Infantil de Donostia / San Sebastián: participantes por edición, nombres y apellidos más frecuentes, compañías y su evolución. Solo cifras agregadas.',
    place: 'Donostia / San Sebastián',
    apiName: 'API JSON de estadísticas',
    openApiName: 'Descripción OpenAPI de la API',
    catalogueName: 'Catálogo de datos abiertos (DCAT-AP)',
    /** The catalogue's words for each operation of the API, by its `operationId`. */
    apiOperations: {
      ping: 'Comprobación de estado: responde mientras el servicio está en marcha, sin leer los datos.',
      listYears:
        'Las ediciones con estadísticas publicadas, de la más reciente a la más antigua, y el conjunto de todas (global).',
      getStatistics: 'Todas las estadísticas de una edición, o las del conjunto de ediciones.',
      getCategory: 'Una estadística de una edición, o del conjunto de ediciones.',
      listCompanies: 'Las compañías (colegios) que han participado, en orden alfabético.',
      searchParticipants:
        'Busca en qué ediciones participó un niño o una niña, por su nombre, sus dos apellidos y su compañía. No son datos abiertos: la búsqueda está limitada para proteger a los participantes, que son menores.',
    },
    keywords: ['Tamborrada Infantil', 'Donostia / San Sebastián', 'nombres', 'apellidos', 'compañías'],
    card: {
      home: (editionCount: number, participationCount: number) =>
        `${editions(editionCount)} · ${participations(participationCount)}`,
      year: (participants: number) => countedPlain(participants, 'participante', 'participantes'),
      school: (editionCount: number, participationCount: number, first: number, last: number | undefined) =>
        `${participations(participationCount)} en ${editions(editionCount)} · ${schoolYears(first, last)}`,
      search: 'Busca en qué ediciones participó un niño o una niña',
      about: 'De dónde salen los datos y qué significa cada cifra',
    },
  },
  about: {
    title: 'Acerca de estos datos',
    navLabel: 'Acerca de',
    description:
      'De dónde salen los datos de la Tamborrada Infantil, qué significa cada estadística, qué se puede buscar y con qué licencia se publican.',
    lead: 'Esta web reúne las cifras de la Tamborrada Infantil de Donostia / San Sebastián, edición a edición. Aquí se explica de dónde salen, cómo se cuentan y qué se hace para proteger a los participantes, que son menores.',
    source: {
      heading: 'De dónde salen los datos',
      paragraphs: [
        'Cada año, después de la Tamborrada Infantil, se publican las listas de los niños y niñas que han desfilado con cada compañía. El proyecto Tamborradata, de RamistoDev, las recopiló y calculó sus estadísticas; esta web es una obra derivada que las sirve con otra forma.',
        'Cada edición se añade una vez al año, cuando su lista está completa. De 2021 no hay datos: ese año no se celebró la tamborrada. Mientras se carga una edición nueva, las páginas lo avisan y no muestran cifras a medias.',
      ],
    },
    definitions: {
      heading: 'Qué significa cada estadística',
      intro:
        'Los nombres se guardan sin tildes y con los espacios normalizados. Al contar, da igual que estén en mayúsculas o en minúsculas: cada nombre se muestra en su forma escrita más frecuente. Cuando dos elementos empatan, se ordenan alfabéticamente.',
      items: [
        [
          'Participantes',
          'Cuántos niños y niñas desfilaron en una edición: cada uno cuenta una vez por edición. En el conjunto de todas las ediciones se habla de participaciones, porque quien desfila varios años cuenta una vez por año.',
        ],
        [
          'Nombre y apellidos',
          'De cada nombre completo se toman como apellidos hasta dos palabras desde el final, cada una junto con las partículas que las preceden (de, del, la, las, los, y, san, santa…): «Maria de la Fuente Perez» es Maria + «de la Fuente» + «Perez». Los apellidos compuestos habituales en Gipuzkoa, como «Lopez de Munain» o «Ruiz de Azua», cuentan como uno. Lo que queda delante es el nombre de pila.',
        ],
        [
          'Nombres más repetidos',
          'Los nombres de pila ordenados por el número de participantes que los llevan.',
        ],
        [
          'Apellidos más comunes',
          'Los apellidos ordenados por el número de participantes que los llevan, sea como primer o como segundo apellido.',
        ],
        [
          'Nombres y apellidos distintos',
          'Cuántos nombres de pila, o cuántos apellidos, diferentes aparecen.',
        ],
        [
          'Compañías más numerosas',
          'Las compañías (colegios, ikastolas y asociaciones) ordenadas por su número de participantes.',
        ],
        [COMMON_NAME, 'Para cada compañía, el nombre de pila que más se repite entre sus participantes.'],
        [
          'Nombres nuevos y compañías nuevas',
          'Los nombres de pila, o las compañías, que no aparecían en ninguna edición anterior, ordenados por cuántas veces aparecen ese año. La primera edición con datos no tiene novedades.',
        ],
        ['Nombres más largos', 'Los nombres de pila distintos con más caracteres, contando los espacios.'],
        [
          'Evolución de las compañías',
          'Los participantes de cada compañía en cada edición, ordenadas por su total.',
        ],
        [
          'Compañías más constantes',
          'Las compañías ordenadas por el número de ediciones en que han desfilado y, a igualdad, por su total de participantes.',
        ],
      ],
      lists:
        'La API da los 15 primeros de cada lista, como el proyecto original; las páginas y los ficheros CSV dan la lista completa (hasta 250).',
    },
    privacy: {
      heading: 'Privacidad',
      paragraphs: [
        'Los participantes son menores, así que las páginas muestran solo cifras agregadas: totales, rankings y los nombres de pila de las estadísticas. Ninguna página lista a los participantes de una compañía o de una edición.',
        'Para que nadie se reconozca por un nombre poco frecuente, las listas de nombres y apellidos (también los nombres nuevos, los más largos y el nombre más frecuente de cada compañía) solo incluyen los que llevan un mínimo de niños y niñas en una misma edición: tres, salvo que quien publica este sitio fije otro. La cifra de un nombre en el conjunto de las ediciones suma solo las ediciones en que llega a ese mínimo, así que ninguna resta entre cifras publicadas descubre las que no se dan. Los totales de participantes y las cifras de nombres distintos sí cuentan a todos.',
        'El buscador muestra solo las participaciones cuyo nombre completo coincide con el que se escribe (sin importar tildes ni mayúsculas) en la compañía elegida: sirve para encontrar a quien ya se conoce, no para descubrir a nadie. La API mantiene la búsqueda del proyecto original: un fragmento del nombre dentro de una compañía.',
        'Lo que se escribe en el buscador viaja en el cuerpo de la petición y no queda en la dirección de la página ni en los registros del servidor.',
      ],
      /** `ask`, then the contact (or `noContact`), then `details`. */
      removal: {
        ask: 'Para que se borren para siempre los registros de un niño o una niña, su familia puede pedirlo',
        email: 'escribiendo a',
        form: 'en',
        noContact: 'a quien publica este sitio',
        details: ', indicando su nombre completo, la compañía y, si se trata de una sola edición, el año.',
        effect:
          'Sus registros se borran y, en pocos segundos, desaparecen del buscador; las listas que se carguen después lo dejan fuera. Las cifras ya publicadas no cambian: son definitivas, como las de una oficina de estadística, para que comparar las descargas de antes y de después no delate a quien lo pidió. No se guarda ninguna copia legible de su nombre: solo una huella cifrada con una clave propia de este sitio, que sirve para reconocerlo en esas listas. Las copias de seguridad hechas antes lo conservan hasta que se renuevan.',
      },
    },
    licence: {
      heading: 'Licencia',
      text: 'Los datos y las estadísticas se publican con licencia',
      after:
        'Puedes copiarlos, transformarlos y publicarlos, también con fines comerciales, siempre que cites la fuente (Tamborradata, de RamistoDev, y esta web) y compartas lo que hagas con la misma licencia.',
    },
    api: {
      heading: 'La API y los ficheros',
      text: 'Todo lo que muestran las páginas sale de una API JSON pública, de solo lectura y sin registro, documentada en la',
      openApi: 'Su descripción OpenAPI está en',
      files:
        'Junto a cada estadística hay un enlace para descargarla en CSV (UTF-8, con cabecera) y otro a la misma estadística en la API.',
      /** The words before the catalogue's link and the link's, then the data package's. */
      catalogue: [
        'Para los portales de datos abiertos:',
        'el catálogo DCAT-AP de todos los ficheros y de la API',
      ],
      dataPackage: ['y', 'el paquete de datos (Frictionless Data), que describe cada columna de cada CSV'],
    },
  },
  dataPage: {
    title: 'Datos abiertos',
    description:
      'Todos los ficheros de datos de la Tamborrada Infantil, en CSV y en Excel, con su descripción y su tamaño.',
    lead: 'Cada tabla de la web se publica en CSV (UTF-8, separado por comas, con cabecera: el fichero de referencia) y en Excel (.xlsx: los números como números y una hoja con la licencia y la fuente).',
    date: (date: string) => `Datos a fecha de ${date}.`,
    archive: 'Todos los ficheros, con el paquete de datos y sus esquemas, en uno:',
    caption: 'Ficheros de datos',
    columns: { file: 'Fichero', description: 'Descripción', size: 'Tamaño (CSV)', downloads: 'Descarga' },
    xlsx: 'Excel',
    size: (bytes: number) =>
      bytes < 1000 ? `${bytes}\u00a0B` : `${formatNumber(Math.round(bytes / 1000))}\u00a0KB`,
    card: 'Todos los ficheros en CSV y en Excel',
    link: ['Todos los ficheros, en CSV y en Excel:', 'datos abiertos'],
  },
  number: formatNumber,
};

/** The texts of the pages in one language: every catalogue has the Spanish one's keys and arguments. */
export type Texts = typeof es;
