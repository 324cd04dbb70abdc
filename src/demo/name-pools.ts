/**
 * Children are composed at random from these lists, so none is a real person. Each is
 * ordered from the most frequent; spellings carry accents, some in both languages.
 */
const list = (text: string): readonly string[] => text.split(',').map((name) => name.trim());

export const FEMALE_FIRST_NAMES = list(`
  Ane, June, Irati, Nahia, Maddi, Izaro, Laia, Nora, Uxue, Haizea, Lucía, Sara, Malen, Ainhoa, Maialen,
  Lur, Amaia, Maren, Naroa, Leire, Sofía, Martina, Paula, Julia, Olatz, Garazi, Udane, Ariadna, Elene,
  Alaia, Miren, Oihane, Itziar, Enara, Aiala, Ainara, Nerea, Maitane, Irene, Carla, Daniela, Valeria,
  Emma, Alba, Noa, Aroa, Jone, Eider, Nagore, Arrate, Lorea, Idoia, Ilargi, Aitana, María, Marina,
  Claudia, Carmen, Elena, Andrea, Lara, Olaia, Ibone, Libe, Lide, Amets, Oihana, Kattalin, Amaiur,
  Adriana, Vera, Jimena, Inés, Alazne, Edurne, Goiuri, Estíbaliz, Itsaso, Zuriñe, Ángela, Mía, Noelia,
  Natalia, Candela, Rocío, Belén, Zoe, Iria, Ariane, Ekhiñe, Ixone, Nekane, Saioa, Jasone, Aintzane,
  Julene, Garbiñe, Victoria, Celia, Begoña
`);

export const MALE_FIRST_NAMES = list(`
  Jon, Markel, Unai, Aimar, Ander, Oier, Julen, Mikel, Iker, Eneko, Ibai, Aitor, Beñat, Xabier, Iñaki,
  Aritz, Gorka, Hugo, Martín, Mateo, Lucas, Daniel, Pablo, Álvaro, Alejandro, Manuel, Leo, Izan, Asier,
  Ekaitz, Hodei, Urko, Liher, Ibon, Iñigo, Oihan, Telmo, Peio, Eñaut, Danel, Imanol, Andoni, Unax, Iraitz,
  Haritz, Kepa, Josu, Gaizka, Koldo, Jokin, Igor, Xabat, Aiert, Enaitz, Ekhi, Luken, Aratz, Egoitz,
  Arkaitz, Ugaitz, Joanes, Mattin, Antton, Jare, Oinatz, Adrián, David, Javier, Diego, Sergio, Marcos,
  Nicolás, Gonzalo, Rubén, Raúl, Andrés, Tomás, Jesús, Óscar, Ángel, Samuel, Gabriel, Rodrigo, Bruno,
  Marco, Joel, Carlos, Jorge, Alberto, Fernando, Guillermo, Héctor, Iván, Saúl, Joaquín, Lander, Ximun,
  Aner, Manex, Inhar
`);

export const FEMALE_COMPOUND_FIRST_NAMES = list(`
  María José, Ana Belén, Miren Itziar, María Jesús, Ana Isabel, Ane Miren, María Ángeles, Miren Josune,
  María Pilar, Ana María
`);

export const MALE_COMPOUND_FIRST_NAMES = list(`
  Jon Ander, Juan Carlos, José Luis, Juan Pablo, José Antonio, Luis Miguel, Juan Manuel, Francisco Javier,
  José María, Juan José, Jon Iñaki
`);

/** Surnames of two words or more, spread over the middle ranks of {@link SURNAMES}. */
export const PARTICLE_SURNAMES = list(`
  de la Fuente, San Martín, de la Cruz, del Río, San Juan, de Miguel, de las Heras, de la Torre,
  Ruiz de Azúa, del Campo, López de Munain, de Diego, Sáenz de Buruaga, del Valle, San Román, de Pablo,
  Fernández de Larrea, de la Iglesia
`);

const SIMPLE_SURNAMES = list(`
  García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Etxeberria, Agirre, Gómez,
  Martín, Jiménez, Ruiz, Hernández, Díaz, Moreno, Álvarez, Muñoz, Romero, Alonso, Gutiérrez, Goikoetxea,
  Navarro, Torres, Olaizola, Domínguez, Vázquez, Iturriaga, Ramos, Gil, Zubizarreta, Ramírez, Arrieta,
  Serrano, Blanco, Larrañaga, Molina, Garmendia, Morales, Suárez, Aguirre, Ortega, Mujika, Delgado,
  Castro, Arregi, Ortiz, Rubio, Elizondo, Marín, Otegi, Sanz, Núñez, Aranburu, Iglesias, Eizagirre,
  Medina, Arrizabalaga, Garrido, Lasa, Cortés, Beristain, Castillo, Elosegi, Santos, Irazusta, Lozano,
  Zubiaurre, Guerrero, Aizpurua, Cano, Iriarte, Prieto, Urrutia, Méndez, Zabaleta, Calvo, Etxaniz,
  Gallego, Ugarte, Vidal, Altuna, León, Lizaso, Márquez, Arana, Herrera, Azkue, Peña, Bengoetxea, Flores,
  Echeverría, Cabrera, Agirrezabala, Campos, Olano, Vega, Lertxundi, Fuentes, Ibarguren, Carrasco,
  Aranguren, Díez, Arruti, Caballero, Azpiazu, Reyes, Etxezarreta, Nieto, Gorostidi, Aguilar, Iparragirre,
  Pascual, Labaka, Herrero, Lazkano, Lorenzo, Mendiola, Montero, Oiartzabal, Hidalgo, Sarasola, Giménez,
  Soraluze, Ibáñez, Ugalde, Ferrer, Urbieta, Durán, Zapirain, Santiago, Zuloaga, Benítez, Aldasoro, Mora,
  Alkorta, Vicente, Amundarain, Vargas, Arrillaga, Arias, Aramendi, Carmona, Arteaga, Crespo, Barandiaran,
  Román, Berasategi, Pastor, Egaña, Soto, Elorza, Sáez, Errasti, Velasco, Etxabe, Moya, Gabilondo, Soler,
  Galarraga, Parra, Gaztañaga, Esteban, Goñi, Bravo, Irigoien, Gallardo, Irizar, Rojas, Jauregi, Pardo,
  Larrea, Merino, Legarreta, Franco, Lekuona, Espinosa, Loinaz, Izquierdo, Lopetegi, Lara, Madariaga,
  Rivas, Mendiburu, Silva, Murua, Rivera, Odriozola, Casado, Olabarrieta, Arroyo, Oñederra, Redondo,
  Ormazabal, Camacho, Otaño, Rey, Pagola, Vera, Sagastume, Otero, Salaberria, Luque, Tellería, Galán,
  Unanue, Montes, Urretabizkaia, Ríos, Usabiaga, Sierra, Uranga, Segura, Zabalo, Carrillo, Zelaia, Marcos,
  Zuazo, Soriano, Zulaika, Mendoza, Aristegi, Robles, Mendia, Bernal, Aiestaran, Valero, Ansa, Palacios,
  Arakama, Benito, Goenaga, Andrés, Iraola, Mateo, Iribar, Macías, Iturbe, Ibarra, Mitxelena, Goicoechea,
  Otamendi, Múgica, Sorondo, Arregui, Urkizu, Otegui, Ibarrola, Zubeldia, Eguren, Esnaola, Gurrutxaga,
  Olaetxea, Ugartemendia, Arizmendi, Elustondo, Garate, Imaz, Zabala, Mendizabal, Uriarte, Beloki,
  Manterola, Erauskin, Txurruka, Azurmendi, Urdapilleta, Agirregomezkorta, Arozena, Bikuña, Zurutuza,
  Insausti, Okariz, Astigarraga, Sistiaga, Urteaga, Oyarzábal, Echániz, Cendoya
`);

/** The particle surnames inserted at ranks 40, 52, 64… */
export const SURNAMES: readonly string[] = SIMPLE_SURNAMES.flatMap((surname, i) => {
  const particle = (i - 40) / 12;
  return Number.isInteger(particle) && particle >= 0 && particle < PARTICLE_SURNAMES.length
    ? [PARTICLE_SURNAMES[particle]!, surname]
    : [surname];
});
