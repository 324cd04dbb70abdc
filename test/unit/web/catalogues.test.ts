/** The catalogues of the pages' texts: the same keys, and a Basque text for each. */
import { describe, expect, it } from 'vitest';
import { es } from '../../../src/web/texts/es.js';
import { eu } from '../../../src/web/texts/eu.js';
import { catalogueKeys, catalogueTexts } from '../../support/catalogue.js';

describe('the catalogues of the pages', () => {
  it('have the same keys, each with the same kind of value (and lists of the same length)', () => {
    expect(catalogueKeys(eu)).toEqual(catalogueKeys(es));
  });

  it('a key missing in one language is found', () => {
    const { search, ...withoutSearch } = eu;
    expect(catalogueKeys({ ...withoutSearch, search: { ...search, errors: {} } })).not.toEqual(
      catalogueKeys(es),
    );
  });

  it("the Basque catalogue shares no sentence with the Spanish one, the city's official name aside", () => {
    const spanish = new Set(catalogueTexts(es));
    const shared = catalogueTexts(eu).filter((text) => spanish.has(text));
    expect(shared).toEqual(['Donostia / San Sebastián']);
  });
});
