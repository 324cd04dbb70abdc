import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA, clientSchema } from '../../../scripts/client-schema.js';

describe("the typed client's generated types", () => {
  it('are those the current OpenAPI document generates (else run `npm run client:generate`)', async () => {
    expect(readFileSync(CLIENT_SCHEMA, 'utf8')).toBe(await clientSchema());
  });
});
