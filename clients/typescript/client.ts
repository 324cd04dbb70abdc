/**
 * The typed client of the API: openapi-fetch over the types that openapi-typescript
 * generated from the OpenAPI document (schema.d.ts, `npm run client:generate`). Every path,
 * query parameter and answer is typed; nothing here is written by hand but the base URL.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

/** The answers' shapes, by the names of the document's components (`Schemas['Years']`). */
export type Schemas = components['schemas'];

/** A client of the API at `baseUrl` (the server's origin, e.g. `http://localhost:3000`). */
export function createTamborradaClient(baseUrl: string) {
  return createClient<paths>({ baseUrl });
}
