import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientSchemas } from '../../../scripts/client-schema.js';

describe("the typed client's generated types", () => {
  it('are those the OpenAPI document and the JSON Schemas generate (else run `npm run client:generate`)', async () => {
    for (const [file, text] of Object.entries(await clientSchemas()))
      expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
