/** The Spanish texts of the API; each error with its status (spec §7, then ours where it is silent). */
export interface ApiError {
  readonly status: number;
  readonly text: string;
}

const error = (status: number, text: string): ApiError => ({ status, text });

const INVALID_YEAR = 'Año inválido. Años válidos: ';
const BAD_REQUEST = 'Petición mal formada';

export const apiErrors = {
  categoryParamsRequired: error(400, "Parametros 'year' y 'category' son obligatorios"),
  invalidCategory: error(400, 'Categoría inválida. Esa categoria no existe'),
  yearFormatCategory: error(400, 'Formato de año inválido'),
  categoryInvalidYear: error(400, INVALID_YEAR),
  yearRequired: error(404, "El parámetro 'year' es obligatorio"),
  yearFormatStatistics: error(404, "El parámetro 'year' debe ser 'global' o un año válido de cuatro dígitos"),
  statisticsInvalidYear: error(404, INVALID_YEAR),
  noYears: error(404, 'No se encontraron años disponibles'),
  noCompanies: error(404, 'No se encontraron compañías disponibles'),
  participantParamsRequired: error(400, "Parametros 'name' y 'company' son obligatorios"),
  nameTooShort: error(400, 'Por favor, proporciona al menos un nombre y dos apellidos'),
  noParticipants: error(500, 'Error: No participants found'),
  storeFailure: error(500, 'Error al obtener el estado del sistema'),

  // Ours, where the spec shows nothing.
  categoryNotFound: error(404, 'No se encontraron datos para la categoría y año especificados'),
  routeNotFound: error(404, 'Ruta no encontrada'),
  methodNotAllowed: error(405, 'Método no permitido. Esta API solo admite GET y HEAD'),
  methodNotAllowedWithForm: error(405, 'Método no permitido. Esta dirección solo admite GET, HEAD y POST'),
  badRequest: error(400, BAD_REQUEST),
  unsupportedMediaType: error(415, BAD_REQUEST),
  expectationFailed: error(417, BAD_REQUEST),
  uriTooLong: error(414, 'La dirección de la petición es demasiado larga'),
  headersTooLarge: error(431, 'Las cabeceras de la petición son demasiado grandes'),
  payloadTooLarge: error(413, 'Esta API no admite cuerpos de petición tan grandes'),
  rateLimited: error(429, 'Demasiadas búsquedas de participantes. Vuelve a intentarlo más tarde'),
} as const satisfies Record<string, ApiError>;

/** `Año inválido. Años válidos: 2025, 2024, global`. */
export function validYearsError(invalidYear: ApiError, validYears: readonly string[]): ApiError {
  return error(invalidYear.status, invalidYear.text + validYears.join(', '));
}

/** The `details` of `storeFailure` before the first successful read of the store. */
export const STORE_NOT_LOADED = 'El almacén de datos aún no se ha cargado';

export const PING_MESSAGE = 'Servidor funcionando correctamente';

export const REFERENCE_TITLES = {
  page: 'Tamborrada Infantil · Referencia de la API',
  document: 'Tamborrada Infantil: estadísticas',
} as const;
