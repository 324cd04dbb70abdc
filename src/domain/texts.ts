/** The Spanish texts of the API's answers: its messages (exact texts of the interface spec, §7). */
export const apiMessages = {
  pingOk: 'Servidor funcionando correctamente',
  noYears: 'No se encontraron años disponibles',
  yearRequired: "El parámetro 'year' es obligatorio",
  yearFormatStatistics: "El parámetro 'year' debe ser 'global' o un año válido de cuatro dígitos",
  invalidYearPrefix: 'Año inválido. Años válidos: ',
  categoryParamsRequired: "Parametros 'year' y 'category' son obligatorios",
  invalidCategory: 'Categoría inválida. Esa categoria no existe',
  yearFormatCategory: 'Formato de año inválido',
  categoryNotFound: 'No se encontraron datos para la categoría y año especificados',
  noCompanies: 'No se encontraron compañías disponibles',
  participantParamsRequired: "Parametros 'name' y 'company' son obligatorios",
  nameTooShort: 'Por favor, proporciona al menos un nombre y dos apellidos',
  noParticipants: 'Error: No participants found',
  storeFailure: 'Error al obtener el estado del sistema',
  /** The `details` of `storeFailure` before the first successful read of the store. */
  storeNotLoaded: 'El almacén de datos aún no se ha cargado',
  routeNotFound: 'Ruta no encontrada',
  methodNotAllowed: 'Método no permitido. Esta API solo admite GET y HEAD',
  /** On the web search's address, which also takes its posted form. */
  methodNotAllowedWithForm: 'Método no permitido. Esta dirección solo admite GET, HEAD y POST',
  badRequest: 'Petición mal formada',
  uriTooLong: 'La dirección de la petición es demasiado larga',
  headersTooLarge: 'Las cabeceras de la petición son demasiado grandes',
  payloadTooLarge: 'Esta API no admite cuerpos de petición tan grandes',
  rateLimited:
    'Demasiadas búsquedas de participantes desde esta dirección. Espera un minuto antes de volver a intentarlo',
} as const;

/** Texts of the API's interactive reference page (`/api/docs`). */
export const referenceTexts = {
  title: 'Tamborrada Infantil · Referencia de la API',
} as const;

/** `Año inválido. Años válidos: 2025, 2024, global` */
export function invalidYearMessage(validYears: readonly string[]): string {
  return apiMessages.invalidYearPrefix + validYears.join(', ');
}
