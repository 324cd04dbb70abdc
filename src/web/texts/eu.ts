/**
 * The Basque texts of the public web pages: the Spanish catalogue's keys (`Texts`), said as
 * the festival says them (docs/glossary-eu.md). After a figure a Basque noun takes no plural
 * ending (`7 edizio`), and a sentence avoids declining the names of schools and people,
 * whose last sound it cannot know: they stand after a colon or in apposition.
 */
import {
  caseEnding,
  counted,
  formatChange,
  formatChangeShare,
  formatNumber,
  formatPercent,
  plural,
} from '../../domain/basque-words.js';
import { capitalize } from '../../domain/statistics/summaries.js';
import type { NameKind } from '../../domain/statistics/name-facts.js';
import type { Texts } from './es.js';

const editions = (count: number) => counted(count, 'edizio');
const participations = (count: number) => counted(count, 'parte-hartze');
// Texts that several pages share.
const PER_EDITION = 'Parte-hartzaileak edizioz edizio';
const COMMON_NAME = 'Konpainia bakoitzeko izen ohikoena';
/** `gutxienez 3 haurrek daramaten` (one name), `gutxienez haur batek daramatzan` (names): the verb agrees with both. */
const bornByAtLeast = (k: number, names: 'one' | 'many' = 'one') =>
  `gutxienez ${counted(k, 'haur', 'ergative')} ${names === 'one' ? plural(k, 'daraman', 'daramaten') : plural(k, 'daramatzan', 'daramatzaten')}`;
/** `gutxienez 3 haurrek izen hau daramaten`: what is said of a name on its page, the name said (`abizen hau` for a surname). */
const bearingThis = (k: number, kind: NameKind) =>
  `gutxienez ${counted(k, 'haur', 'ergative')} ${kind === 'surname' ? 'abizen' : 'izen'} hau ${plural(k, 'daraman', 'daramaten')}`;
/** `3 haur baino gutxiagok`, `haur bat baino gutxiagok`. */
const fewerThan = (k: number) => `${counted(k, 'haur')} baino gutxiagok`;
/** A school's editions, from its first to its last (`last` undefined: it takes part still): `2018tik`, `2018tik 2020ra`. */
const schoolYears = (first: number, last: number | undefined, sinceDataStart = false) => {
  const since = 'datuak dituen lehen edizio';
  if (last === undefined)
    return `${first}${caseEnding(first, 'ablative')}${sinceDataStart ? `, ${since}tik` : ''}`;
  if (last === first)
    return `${first}${caseEnding(first, 'inessive')}${sinceDataStart ? `, ${since}an` : ''}`;
  return `${first}${caseEnding(first, 'ablative')}${sinceDataStart ? ` (${since}tik)` : ''} ${last}${caseEnding(last, 'allative')}`;
};
const missingYears = (missing: readonly number[]) =>
  missing.length === 0 ? '' : ` Daturik ez: ${missing.join(', ')}.`;

export const eu: Texts = {
  siteName: 'Haur Danborrada datuetan',
  skipToContent: 'Joan edukira',
  navigation: 'Webgunearen atalak',
  nav: { home: 'Hasiera', global: 'Edizio guztiak', names: 'Izenak', search: 'Bilatu', api: 'APIa' },
  otherLanguage: { language: 'es', label: 'Castellano', title: 'Esta página en castellano' },
  updatingNotice:
    'Datuak eguneratzen ari dira, edizio berri bat gehitzeko. Estatistikak berriro agertuko dira eguneratzea amaitu bezain laster.',
  apiReference: 'APIaren erreferentzia',
  footer: {
    licence: ['Haur Danborradaren datuak', 'lizentziarekin argitaratzen dira'],
    attribution: 'Jatorrizko lana: RamistoDev-en Tamborradata.',
    api: 'Datu berak, JSON formatuan:',
  },
  home: {
    title: 'Haur Danborrada datuetan',
    description:
      'Haur Danborradaren estatistikak: edizio bakoitzeko parte-hartzaileak, izenak, abizenak eta konpainiak.',
    lead: [
      'Urtero, ikastetxe, ikastola eta elkarteetako neska-mutilek danbor eta upelekin egiten dute desfile Haur Danborradan, konpainiatan antolatuta.',
      'Hemen daude edizio bakoitzaren zenbakiak: zenbat haurrek hartu duten parte, zein izen eta abizen diren ohikoenak eta zein konpainia diren handienak. Datuak urtean behin eguneratzen dira, edizio bakoitzaren ondoren.',
    ],
    yearsHeading: 'Edizioen estatistikak',
    searchHeading: 'Bilatu parte-hartzaile bat',
    apiHeading: 'Garatzaileentzat',
    apiText: 'Webgune honek erakusten duen guztia JSON API publiko eta ireki batetik dator; ikus',
    noData: 'Oraindik ez da edizio bakar bat ere argitaratu.',
  },
  figures: {
    heading: 'Zenbakitan',
    editions: () => 'Datuak dituzten edizioak',
    participations: () => 'Parte-hartzeak',
    schools: () => 'Konpainiak',
    names: () => 'Izen desberdinak',
  },
  statistics: {
    yearTitle: (year) => `Haur Danborrada ${year}`,
    globalTitle: 'Edizio guztiak',
    yearDescription: (year) =>
      `${year}${caseEnding(Number(year), 'localGenitive')} Haur Danborradaren estatistikak.`,
    globalDescription: 'Haur Danborradaren edizio guztien estatistikak.',
    otherYears: 'Edizioak',
    unreadable: 'Atal honetako datuek ez dute espero zen itxura: laburpena baino ez da erakusten.',
  },
  table: {
    caption: (title) => `${title}: datuak`,
    position: 'Postua',
    year: 'Urtea',
    participants: 'Parte-hartzaileak',
    name: 'Izena',
    school: 'Konpainia',
    commonName: 'Izen ohikoena',
    total: 'Guztira',
    years: 'Urteak',
    missingYear: 'daturik ez',
    change: {
      column: (base, last) => `Aldaketa ${base}-${last}`,
      shareColumn: (base, last) => `Aldaketa ${base}-${last} (%)`,
      value: formatChange,
      share: formatChangeShare,
      orderBy: 'Ordenatu parte-hartzaileen aldaketaren arabera, edizio honetatik',
      pageOrder: 'guztizkoaren araberako ordena',
      ordered: (base, last) =>
        `Parte-hartzaileen aldaketaren arabera ordenatuta, ${base} eta ${last} artean, gehien hazi denetik gehien jaitsi denera; edizio batean daturik ez badago, 0 da.`,
    },
    show: (rows) => `Ikusi taula (${counted(rows, 'errenkada')})`,
  },
  charts: {
    bars: (count, first, last) =>
      `${formatNumber(count)} elementuren barra horizontalak, handienetik txikienera: ${first} lehena, ${last} azkena.`,
    line: (first, last, busiest, missing) =>
      `Edizio bakoitzeko parte-hartzaileen lerroa: ${first} lehena, ${last} azkena; gehienekoa, ${busiest}.${missingYears(missing)}`,
    shownSchools: (shown, total) =>
      shown === total
        ? ''
        : `Grafikoak lehen ${formatNumber(shown)} konpainiak erakusten ditu (guztira ${formatNumber(total)}); taulak, denak.`,
    characters: (count) => counted(count, 'karaktere'),
    inTable: 'Balioak taulan daude.',
    editionsOf: (count, total) => `${formatNumber(count)}/${formatNumber(total)}`,
    schoolLine: (school, points) => `Edizio bakoitzeko parte-hartzaileak (${school}): ${points.join(', ')}.`,
    dots: (schools, count, missing) =>
      `Puntu bat konpainia eta edizio bakoitzeko (${counted(schools, 'konpainia')}; datuak ${plural(count, 'dituen', 'dituzten')} ${editions(count)}): betea, konpainiak edizio horretan parte hartu bazuen; hutsa, ez bazuen.${missingYears(missing)}`,
  },
  categories: {
    intro: { title: 'Aurkezpena' },
    outro: { title: 'Amaiera' },
    totalParticipantsByYear: { title: 'Parte-hartzaileak' },
    totalParticipants: { title: PER_EDITION },
    namesDiversityByYear: { title: 'Izen desberdinak' },
    namesDiversity: { title: 'Izen desberdinak' },
    surnamesDiversityByYear: { title: 'Abizen desberdinak' },
    surnamesDiversity: { title: 'Abizen desberdinak' },
    topNamesByYear: { title: 'Izen ohikoenak', item: 'Izena', count: 'Parte-hartzaileak' },
    topNames: { title: 'Izen ohikoenak', item: 'Izena', count: 'Agerraldiak' },
    topSurnamesByYear: { title: 'Abizen ohikoenak', item: 'Abizena', count: 'Parte-hartzaileak' },
    topSurnames: { title: 'Abizen ohikoenak', item: 'Abizena', count: 'Agerraldiak' },
    topSchoolsByYear: { title: 'Konpainia handienak', item: 'Konpainia', count: 'Parte-hartzaileak' },
    topSchools: { title: 'Konpainia handienak', item: 'Konpainia', count: 'Parte-hartzaileak' },
    newNamesByYear: { title: 'Izen berriak', item: 'Izena' },
    newSchoolsByYear: { title: 'Konpainia berriak', item: 'Konpainia' },
    commonNameBySchoolByYear: { title: COMMON_NAME },
    commonNameBySchool: { title: COMMON_NAME },
    longestNames: { title: 'Izen luzeenak', item: 'Izena', count: 'Karaktereak' },
    schoolsEvolution: { title: 'Konpainien bilakaera' },
    mostConstantSchools: { title: 'Konpainia iraunkorrenak', item: 'Konpainia', count: 'Edizioak' },
  },
  search: {
    title: 'Bilatu parte-hartzaile bat',
    description: 'Bilatu neska edo mutil batek Haur Danborradako zein ediziotan hartu zuen parte.',
    intro:
      'Idatzi izena eta bi abizenak osorik, zerrendan dauden bezala, eta aukeratu konpainia: zein ediziotan agertzen den ikusiko duzu. Berdin da azentuekin edo gabe idaztea, maiuskulaz edo minuskulaz.',
    nameLabel: 'Izena eta bi abizenak',
    nameHint: 'Adibidez: Ane Garcia Lopez',
    companyLabel: 'Konpainia',
    companyChoose: 'Aukeratu konpainia bat',
    submit: 'Bilatu',
    privacy:
      'Izena eskaeraren gorputzean bidaltzen da: ez da geratzen orriaren helbidean, historian edo zerbitzariaren erregistroetan.',
    resultsHeading: 'Emaitzak',
    found: (count, company) =>
      `${capitalize(participations(count))} aurkitu ${plural(count, 'da', 'dira')} konpainia honetan: ${company}.`,
    notFound:
      'Konpainia horretan ez dago izen hori duen parte-hartzailerik. Egiaztatu izena, bi abizenak eta konpainia.',
    errors: {
      nothing: 'Idatzi izena eta bi abizenak, eta aukeratu konpainia bat.',
      name: 'Idatzi izena eta bi abizenak.',
      company: 'Aukeratu zerrendako konpainia bat.',
      nameTooShort: 'Idatzi izena eta bi abizenak osorik: hiru hitz gutxienez.',
      rateLimited: 'Parte-hartzaileen bilaketa gehiegi. Saiatu berriro geroago.',
    },
  },
  notFound: {
    title: 'Ez da orria aurkitu',
    text: 'Helbide honetan ez dago orririk.',
    yearsHeading: 'Argitaratutako estatistikak',
    home: 'Itzuli hasierara',
  },
  unavailable: {
    title: 'Datuak ez daude erabilgarri',
    text: 'Zerbitzariak ezin izan ditu oraindik Haur Danborradaren datuak irakurri. Saiatu berriro minutu batzuk barru.',
  },
  school: {
    description: (school, editionCount, participationCount) =>
      `${school} Haur Danborradan: ${editions(editionCount)} eta ${participations(participationCount)}, urtez urte.`,
    lead: (first, last, sinceDataStart) =>
      `Haur Danborradan parte ${last === undefined ? 'hartzen du' : 'hartu zuen'} ${schoolYears(first, last, sinceDataStart)}. Hauek dira edizio bakoitzeko zenbakiak: guztizkoak soilik, inoiz ez parte-hartzaileen zerrendak.`,
    editions: () => 'Edizioak',
    firstEdition: 'Lehen edizioa',
    participantsHeading: PER_EDITION,
    participantsText:
      'Konpainiako zenbat neska-mutilek egin zuten desfile argitaratutako edizio bakoitzean, lehenengotik hasita; 0 batek esan nahi du edizio horretan ez zuela parte hartu.',
    compare: 'Alderatu beste konpainia batzuekin',
    namesHeading: 'Edizio bakoitzeko izen ohikoena',
    namesText: (overall) =>
      (overall === undefined ? '' : `Edizio guztiak batera hartuta, izen ohikoena: ${overall}. `) +
      `Edizio bakoitzeko «${COMMON_NAME}» estatistikaren datu bera da.`,
  },
  names: {
    kinds: {
      firstName: {
        index: 'Izenak',
        kind: 'Bataio-izena',
        hint: 'Adibidez: Ane',
        listHeading: 'Izen guztiak, A-tik Z-ra',
        editions: 'Izenak edizioz edizio',
        lookupHeading: 'Bilatu izen bat',
      },
      surname: {
        index: 'Abizenak',
        kind: 'Abizena',
        hint: 'Adibidez: Etxeberria',
        listHeading: 'Abizen guztiak, A-tik Z-ra',
        editions: 'Abizenak edizioz edizio',
        lookupHeading: 'Bilatu abizen bat',
      },
    },
    indexDescription: 'Haur Danborradako bataio-izenak eta abizenak, bakoitza bere orriarekin.',
    indexLead: (k) =>
      `Edizioren batean ${bornByAtLeast(k)} bataio-izen eta abizen bakoitzak badu bere orria: zenbat haurrek daramaten edizio bakoitzean, haren postua eta zein konpainiatan den ohikoena.`,
    lookup: 'Ikusi haren orria',
    suggestions: 'Hauetako bat bilatzen zenuen agian?',
    variants: 'Beste era honetan ere idazten da:',
    notFound: (typed, k) =>
      `«${typed}»: ez dago orririk. Edizioren batean ${bornByAtLeast(k, 'many')} izenek eta abizenek baino ez dute orria.`,
    description: (name) =>
      `${name} Haur Danborradan: zenbat haurrek daramaten edizio bakoitzean, haren postua eta konpainiak.`,
    lead: (k) =>
      `Argitaratutako edizio bakoitzean zenbat haurrek daramaten, haren postua eta parte-hartzaileen artean duen ehunekoa. ${capitalize(fewerThan(k))} daramaten edizioetan ez da zenbakia ematen.`,
    shownEditions: (_count, k, kind) => `${capitalize(bearingThis(k, kind))} edizioak`,
    firstEdition: 'Zenbakia duen lehen edizioa',
    schools: (_count, k, kind) => `Edizioren batean ${bearingThis(k, kind)} konpainiak`,
    editionsHeading: 'Edizioz edizio',
    chartTitle: (kind, name) => `${kind} ${name}: parte-hartzaileak edizioz edizio Haur Danborradan`,
    fewer: (k) => `${k} baino gutxiago`,
    fileText: (k) =>
      `Argitaratutako edizio bakoitzean: zenbat haurrek daramaten, haren postua eta parte-hartzaileen artean duen ehunekoa; hutsik, ${fewerThan(k)} daramatenean.`,
    editionsText: (k) =>
      `Errenkada bat orria duen izen bakoitzeko eta ${k} edo gehiagok daramaten edizio bakoitzeko: parte-hartzaileak, postua eta ehunekoa, haren orrian bezala.`,
    share: 'Ehunekoa',
    percent: formatPercent,
    chart: (kind, name, points, missing, withheld, k) =>
      `Edizio bakoitzeko parte-hartzaileak, ${kind === 'surname' ? 'abizen' : 'izen'} honekin (${name}): ${points.join(', ') || 'zenbakirik ez'}.${missingYears(missing)}${withheld.length === 0 ? '' : ` ${k} baino gutxiago: ${withheld.join(', ')}.`}`,
    shareHeading: 'Parte-hartzaileen ehunekoa',
    shareChart: (kind, name, points, withheld, k) =>
      `Edizio bakoitzeko parte-hartzaileen ehunekoa, ${kind === 'surname' ? 'abizen' : 'izen'} honekin (${name}): ${points.join(', ') || 'zenbakirik ez'}.${withheld.length === 0 ? '' : ` ${k} baino gutxiago: ${withheld.join(', ')}.`}`,
    schoolsHeading: 'Non den ohikoena',
    schoolsText: (k, kind) =>
      `Edizioren batean ${bearingThis(k, kind)} konpainiak, gehienetik gutxienera. Zenbakirik gabe: edizio bakoitzeko zenbakiekin batera, beste konpainietan zenbatek daramaten jakingo litzateke.`,
    noSchools: (k, kind) =>
      `Ez dago edizio berean ${counted(k, 'haur', 'ergative')} edo gehiagok ${kind === 'surname' ? 'abizen' : 'izen'} hau daramaten konpainiarik.`,
    compare: 'Alderatu beste batzuekin',
    card: (kind, first) =>
      first === undefined ? kind : `${kind} · ${first}${caseEnding(first, 'ablative')}`,
  },
  compare: {
    firstName: {
      title: 'Izenak alderatu',
      description:
        'Haur Danborradako bost bataio-izen arte grafiko berean: zenbat neska-mutilek daramaten edizio bakoitzean.',
      card: 'Bost izen arte, edizioz edizio',
      items: 'izen',
      others: 'izenak',
      field: (place) => `${place}. izena`,
      chartHeading: 'Izen bakoitza daramaten neska-mutilak, edizioz edizio',
    },
    surname: {
      title: 'Abizenak alderatu',
      description:
        'Haur Danborradako bost abizen arte grafiko berean: zenbat neska-mutilek daramaten edizio bakoitzean.',
      card: 'Bost abizen arte, edizioz edizio',
      items: 'abizen',
      others: 'abizenak',
      field: (place) => `${place}. abizena`,
      chartHeading: 'Abizen bakoitza daramaten neska-mutilak, edizioz edizio',
    },
    school: {
      title: 'Konpainiak alderatu',
      description:
        'Haur Danborradako bost konpainia arte grafiko berean: edizio bakoitzeko parte-hartzaileak.',
      card: 'Bost konpainia arte, edizioz edizio',
      others: 'konpainiak',
      field: (place) => `${place}. konpainia`,
      chartHeading: 'Konpainia bakoitzeko parte-hartzaileak, edizioz edizio',
    },
    namesLead: (items, k) =>
      `Aukeratu bost ${items} arte, eta grafiko berean ikusiko duzu zenbat neska-mutilek daramaten edizio bakoitzean, taula eta datuekin. Orriaren helbideak gordetzen du alderaketa, partekatzeko. Pribatutasunagatik, edizioren batean ${bornByAtLeast(k, 'many')}ek baino ez dute zenbakirik.`,
    schoolsLead:
      'Aukeratu bost konpainia arte, eta grafiko berean ikusiko dituzu edizio bakoitzeko parte-hartzaileak, taula eta datuekin. Orriaren helbideak gordetzen du alderaketa, partekatzeko.',
    withheldText: (k) =>
      `${capitalize(fewerThan(k))} daramaten edizio batek ez du bere zenbakia erakusten («${k} baino gutxiago»): lerroa eten egiten da bertan.`,
    schoolsText: '0 batek esan nahi du konpainiak ez zuela edizio horretan parte hartu.',
    chart: (labels, first, last, missing) =>
      `Lerro bana (${labels.join(', ')}), ${first} eta ${last} artean.${missingYears(missing)}`,
    tooMany: 'Lehen bostak alderatzen dira: alderaketa batek bost biltzen ditu gehienez.',
    namesNotFound: (k) =>
      `Zenbaki publikorik gabe (ez dira argitaratutako edizio batean ere agertzen, edo ez dituzte edizio batean ere ${counted(k, 'haur', 'ergative')} eramaten; pribatutasunagatik, ez da kasu bat bestetik bereizten):`,
    schoolsNotFound: 'Argitaratutako edizioetan parte-hartzailerik gabe:',
    tooLong: (max) => `Laukitxo bakoitzak ${max} karaktere onartzen ditu gehienez.`,
    formHeading: 'Aukeratu zer alderatu',
    submit: 'Alderatu',
    othersLead: 'Beste alderaketa batzuk:',
  },
  openData: {
    download: 'Deskargatu:',
    csv: 'CSV',
    json: 'JSON (APIa)',
    jsonFile: 'JSON',
    licence: 'Lizentzia:',
    licenceName: 'CC BY-SA 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/deed.eu',
    attribution: 'aitortza:',
    originalWork: 'RamistoDev-en Tamborradata',
    columns: (k) => ({
      edicion: ['Edizioa', 'Edizioaren urtea, lau zifrarekin.'],
      compania: ['Konpainia', 'Konpainia (ikastetxea edo elkartea), zerrendek ematen dioten izenarekin.'],
      nombre: ['Izena', `Zerrendetan idatzita dagoen izena; konpainia batena, ${k} edo gehiagok badarama.`],
      apellido: ['Abizena', 'Zerrendetan idatzita dagoen abizena.'],
      participantes: [
        'Parte-hartzaileak',
        `Zenbatutako haurrak; edizio guztietan, argitaratutakoen batura (hainbatetan aritu dena bakoitzean zenbatzen da). Edizio batean ${k} baino gutxiagok daramaten izenak ez du zenbakirik: gelaxka hutsa edo errenkadarik ez.`,
      ],
      puesto: [
        'Postua',
        'Edizioko postua parte-hartzaileen arabera, gehienetik gutxienera (berdinketek partekatzen dute: 1, 2, 2, 4).',
      ],
      porcentaje: [
        'Ehunekoa',
        'Izen hori daramaten parte-hartzaileak ediziokoen 100etik, bi hamartarrekin; hutsik, zenbakirik ez dagoenean.',
      ],
      caracteres: ['Karaktereak', 'Izenaren luzera karakteretan, zuriuneak barne.'],
      nombres_distintos: ['Izen desberdinak', 'Parte-hartzaileek daramatzaten izen desberdinen kopurua.'],
      apellidos_distintos: [
        'Abizen desberdinak',
        'Parte-hartzaileek daramatzaten abizen desberdinen kopurua.',
      ],
      cambio: [
        'Aldaketa lehen ediziotik',
        'Edizioko parte-hartzaileak ken fitxategiko lehen ediziokoak (aritu ez bada, 0).',
      ],
      cambio_porcentaje: [
        'Aldaketa lehen ediziotik (%)',
        'Aldaketa lehen edizioko 100 parte-hartzaileko, bi hamartarrekin; hutsik, orduan aritu ez bazen.',
      ],
    }),
    workbook: {
      data: 'Datuak',
      about: 'Lizentzia',
      dataset: 'Datu multzoa',
      licence: 'Lizentzia',
      attribution: 'Aitortza',
      source: 'Iturria',
      date: 'Datuen data',
    },
    embed: {
      title: (chart, page) => `${chart} (${page})`,
      cite: 'Nola aipatu:',
      citation: (site, chart, url, date) =>
        `${site}, «${chart}», ${url}${date === undefined ? '' : `, datuen data: ${date}`}.`,
      reuse: 'Grafiko hau berrerabili',
      svg: 'Grafikoa SVG formatuan',
      page: 'Txertatzeko orria',
      code: 'Beste webgune batean txertatzeko kodea:',
      source: 'Datuen iturria:',
      date: (date) => `Datuen data: ${date}`,
      noData: (years) => `Gorriz, ${years.join(', ')}: ez zen danborradarik egin, ez dago daturik.`,
    },
  },
  meta: {
    imageAlt: (title) => `Haur Danborrada datuetan webguneko «${title}» txartela`,
    datasetName: 'Donostiako Haur Danborradako parte-hartzaileak eta estatistikak',
    datasetDescription:
      'Donostiako Haur Danborradaren urteko estatistikak eta guztizkoak: edizio bakoitzeko parte-hartzaileak, izen eta abizen ohikoenak, konpainiak eta haien bilakaera. Datu agregatuak soilik.',
    place: 'Donostia / San Sebastián',
    apiName: 'Estatistiken JSON APIa',
    openApiName: 'APIaren OpenAPI deskribapena',
    catalogueName: 'Datu irekien katalogoa (DCAT-AP)',
    apiOperations: {
      ping: 'Egoera-egiaztapena: zerbitzua martxan dagoen bitartean erantzuten du, datuak irakurri gabe.',
      listYears:
        'Estatistikak argitaratuta dituzten edizioak, berrienetik zaharrenera, eta guztienak (global).',
      getStatistics: 'Edizio baten estatistika guztiak, edo edizio guztienak.',
      getCategory: 'Edizio baten estatistika bat, edo edizio guztiena.',
      listCompanies: 'Parte hartu duten konpainiak (ikastetxeak), ordena alfabetikoan.',
      searchParticipants:
        'Neska edo mutil batek zein ediziotan parte hartu zuen bilatzen du, izenaren, bi abizenen eta konpainiaren arabera. Ez dira datu irekiak: bilaketa mugatuta dago parte-hartzaileak babesteko, adingabeak baitira.',
    },
    keywords: ['Haur Danborrada', 'Donostia / San Sebastián', 'izenak', 'abizenak', 'konpainiak'],
    card: {
      home: (editionCount, participationCount) =>
        `${editions(editionCount)} · ${participations(participationCount)}`,
      year: (participants) => counted(participants, 'parte-hartzaile'),
      school: (editionCount, participationCount, first, last) =>
        `${participations(participationCount)}, ${editions(editionCount)} · ${schoolYears(first, last)}`,
      search: 'Bilatu zein ediziotan hartu zuen parte neska edo mutil batek',
      about: 'Datuen jatorria eta zenbaki bakoitzaren esanahia',
    },
  },
  about: {
    title: 'Datu hauei buruz',
    navLabel: 'Honi buruz',
    description:
      'Nondik datozen Haur Danborradaren datuak, zer esan nahi duen estatistika bakoitzak, zer bila daitekeen eta zein lizentziarekin argitaratzen diren.',
    lead: 'Webgune honek Donostiako Haur Danborradaren zenbakiak biltzen ditu, edizioz edizio. Hemen azaltzen da nondik datozen, nola zenbatzen diren eta zer egiten den parte-hartzaileak babesteko, adingabeak baitira.',
    source: {
      heading: 'Nondik datozen datuak',
      paragraphs: [
        'Urtero, Haur Danborradaren ondoren, konpainia bakoitzarekin desfilatu duten neska-mutilen zerrendak argitaratzen dira. RamistoDev-en Tamborradata proiektuak bildu zituen eta haien estatistikak kalkulatu; webgune hau lan eratorria da, eta beste modu batean eskaintzen ditu.',
        'Edizio bakoitza urtean behin gehitzen da, haren zerrenda osatuta dagoenean. 2021ekoa falta da: urte hartan ez zen danborradarik egin. Edizio berri bat kargatzen ari den bitartean, orriek abisua ematen dute eta ez dute zenbaki erdizkaturik erakusten.',
      ],
    },
    definitions: {
      heading: 'Zer esan nahi duen estatistika bakoitzak',
      intro:
        'Izenak azenturik gabe gordetzen dira, tarteak normalizatuta. Zenbatzean berdin da maiuskulaz edo minuskulaz egotea: izen bakoitza gehien idazten den moduan erakusten da. Bi elementu berdinduta daudenean, alfabetoaren arabera ordenatzen dira.',
      items: [
        [
          'Parte-hartzaileak',
          'Edizio batean zenbat neska-mutilek egin zuten desfile: bakoitza behin zenbatzen da edizio bakoitzean. Edizio guztiak batera hartuta parte-hartzeez hitz egiten da, urte askotan desfilatzen duena urte bakoitzean behin zenbatzen baita.',
        ],
        [
          'Izena eta abizenak',
          'Izen oso bakoitzetik, amaieratik hasita gehienez bi hitz hartzen dira abizentzat, bakoitza bere aurreko partikulekin (de, del, la, las, los, y, san, santa…): «Maria de la Fuente Perez» Maria + «de la Fuente» + «Perez» da. Gipuzkoan ohikoak diren abizen konposatuak, «Lopez de Munain» edo «Ruiz de Azua» kasu, abizen bakartzat hartzen dira. Aurrean geratzen dena bataio-izena da.',
        ],
        ['Izen ohikoenak', 'Bataio-izenak, daramatzaten parte-hartzaileen kopuruaren arabera ordenatuta.'],
        [
          'Abizen ohikoenak',
          'Abizenak, daramatzaten parte-hartzaileen kopuruaren arabera ordenatuta, lehen nahiz bigarren abizen gisa.',
        ],
        ['Izen eta abizen desberdinak', 'Zenbat bataio-izen edo abizen desberdin agertzen diren.'],
        [
          'Konpainia handienak',
          'Konpainiak (ikastetxeak, ikastolak eta elkarteak), parte-hartzaileen kopuruaren arabera ordenatuta.',
        ],
        [COMMON_NAME, 'Konpainia bakoitzeko parte-hartzaileen artean gehien errepikatzen den bataio-izena.'],
        [
          'Izen berriak eta konpainia berriak',
          'Aurreko edizioetan agertu ez ziren bataio-izenak edo konpainiak, urte horretan agertzen diren aldien arabera ordenatuta. Datuak dituen lehen edizioak ez du berritasunik.',
        ],
        ['Izen luzeenak', 'Karaktere gehien dituzten bataio-izen desberdinak, tarteak barne.'],
        [
          'Konpainien bilakaera',
          'Konpainia bakoitzeko parte-hartzaileak edizio bakoitzean, guztizkoaren arabera ordenatuta.',
        ],
        [
          'Konpainia iraunkorrenak',
          'Konpainiak, desfilatu duten edizioen kopuruaren arabera ordenatuta eta, berdinketan, parte-hartzaile guztien arabera.',
        ],
      ],
      lists:
        'APIak zerrenda bakoitzeko lehen 15ak ematen ditu, jatorrizko proiektuak bezala; orriek eta CSV fitxategiek zerrenda osoa (250 arte).',
    },
    privacy: {
      heading: 'Pribatutasuna',
      paragraphs: [
        'Parte-hartzaileak adingabeak dira; beraz, orriek datu agregatuak soilik erakusten dituzte: guztizkoak, sailkapenak eta estatistiketako bataio-izenak. Ez dago konpainia edo edizio bateko parte-hartzaileak zerrendatzen dituen orririk.',
        'Gutxitan agertzen den izen baten bidez inor ezagutu ez dadin, izen eta abizenen zerrendek (baita izen berriek, luzeenek eta konpainia bakoitzeko izen ohikoenek ere) edizio berean gutxieneko haur kopuru batek daramatzanak baino ez dituzte jasotzen: hiru, webgune hau argitaratzen duenak beste kopuru bat ezartzen ez badu. Izen batek edizio guztietan duen zenbakiak gutxieneko horretara iristen den edizioak baino ez ditu batzen; beraz, argitaratutako zenbakien arteko kenketek ez dute agerian uzten ematen ez dena. Parte-hartzaileen guztizkoek eta izen desberdinen zenbakiek denak zenbatzen dituzte.',
        'Bilatzaileak idatzitako izen osoarekin bat datozen parte-hartzeak baino ez ditu erakusten (azentuak eta maiuskulak alde batera utzita), aukeratutako konpainian: jadanik ezagutzen dena aurkitzeko balio du, ez inor ezagutzeko. APIak jatorrizko proiektuaren bilaketa darabil: izenaren zati bat, konpainia baten barruan.',
        'Bilatzailean idazten dena eskaeraren gorputzean bidaltzen da, eta ez da geratzen orriaren helbidean ezta zerbitzariaren erregistroetan ere.',
      ],
      removal: {
        ask: 'Neska edo mutil baten erregistroak betiko ezaba daitezen, haren familiak eska dezake',
        email: 'helbide honetara idatzita:',
        form: 'hemen:',
        noContact: 'webgune hau argitaratzen duenari',
        details: ', izen osoa, konpainia eta, edizio bakar bat bada, urtea adierazita.',
        effect:
          'Haren erregistroak ezabatu egiten dira eta, segundo gutxitan, bilatzailetik desagertzen dira; ondoren kargatzen diren zerrendek ere kanpoan uzten dute. Argitaratutako zenbakiak ez dira aldatzen: behin betikoak dira, estatistika-bulego batenak bezala, aurreko eta ondorengo deskargak alderatuta eskatu zuena agerian gera ez dadin. Ez da haren izenaren kopia irakurgarririk gordetzen: webgune honen gako propio batekin zifratutako aztarna bat baino ez, zerrenda horietan ezagutzeko. Lehenago egindako segurtasun-kopiek gordetzen dute, berritzen diren arte.',
      },
    },
    licence: {
      heading: 'Lizentzia',
      text: 'Datuak eta estatistikak lizentzia honekin argitaratzen dira:',
      after:
        'Kopiatu, eraldatu eta argitaratu egin ditzakezu, baita helburu komertzialekin ere, betiere iturria aipatzen baduzu (RamistoDev-en Tamborradata eta webgune hau) eta egiten duzuna lizentzia berarekin partekatzen baduzu.',
    },
    api: {
      heading: 'APIa eta fitxategiak',
      text: 'Orriek erakusten duten guztia JSON API publiko batetik dator: irakurtzeko soilik da eta ez du erregistrorik eskatzen. Hemen dago dokumentatuta:',
      openApi: 'Haren OpenAPI deskribapena hemen dago:',
      files:
        'Estatistika bakoitzaren ondoan bi esteka daude: bata CSV formatuan deskargatzeko (UTF-8, goiburuarekin), eta bestea estatistika bera APIan ikusteko.',
      catalogue: ['Datu irekien atarientzat:', 'fitxategi guztien eta APIaren DCAT-AP katalogoa'],
      dataPackage: [
        'eta',
        'datu-paketea (Frictionless Data), CSV bakoitzaren zutabe guztiak deskribatzen dituena',
      ],
    },
  },
  dataPage: {
    title: 'Datu irekiak',
    description:
      'Haur Danborradaren datu-fitxategi guztiak, CSV eta Excel formatuetan, deskribapenarekin eta tamainarekin.',
    lead: 'Webguneko taula bakoitza CSV formatuan argitaratzen da (UTF-8, komaz bereizia, goiburuarekin: erreferentziazko fitxategia) eta Excel formatuan (.xlsx: zenbakiak zenbaki gisa, eta lizentzia eta iturria orri batean).',
    date: (date) => `Datuen data: ${date}.`,
    archive: 'Fitxategi guztiak, datu-paketearekin eta haren eskemekin, bakar batean:',
    caption: 'Datu-fitxategiak',
    columns: {
      file: 'Fitxategia',
      description: 'Deskribapena',
      size: 'Tamaina (CSV)',
      downloads: 'Deskargatu',
    },
    xlsx: 'Excel',
    size: (bytes) => (bytes < 1000 ? `${bytes}\u00a0B` : `${formatNumber(Math.round(bytes / 1000))}\u00a0KB`),
    card: 'Fitxategi guztiak CSV eta Excel formatuetan',
    link: ['Fitxategi guztiak, CSV eta Excel formatuetan:', 'datu irekiak'],
  },
  number: formatNumber,
};
