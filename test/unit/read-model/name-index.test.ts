/**
 * `model.names`: the names with a page found by the name as typed (accents, case and
 * spaces folded as the search folds them), an A to Z list, and a name under k answering
 * exactly as a name never seen (DESIGN §5).
 */
import { describe, expect, it } from 'vitest';
import type { ParticipantRecord } from '../../../src/domain/types.js';
import { NameIndex } from '../../../src/read-model/name-index.js';
import { nameFactsOf } from '../../support/statistics.js';

const SCHOOL = 'Ikastola Alfa';
// Fictional children, stored without diacritics as the import stores them.
const RECORDS: ParticipantRecord[] = [
  'Inaki Etxeberria Lasa',
  'Inaki Munoz Soto',
  'Inaki Olano Ruiz',
  'Ander Munoz Lasa',
  'Ander Olano Etxeberria',
  'Ander Ruiz Munoz',
  'Zuriñe Olano Soto', // one child: under k = 3
  'Zuriñe Olano Soto', // the same child again: still one
].map((name) => ({ name, school: SCHOOL, year: 2025 }));
const names = new NameIndex(nameFactsOf(RECORDS, [2025], 3));

describe('NameIndex', () => {
  it('finds a name as typed, whatever its accents, case and spaces', () => {
    for (const typed of ['Inaki', 'Iñaki', 'IÑAKI', '  iñaki ', 'Ínaki'])
      expect(names.lookup('firstName', typed)?.name, typed).toBe('Inaki');
    expect(names.lookup('surname', 'MUÑOZ')?.name).toBe('Munoz');
  });

  it('answers a name under k exactly as a name never seen', () => {
    expect(names.lookup('firstName', 'Zuriñe')).toStrictEqual(names.lookup('firstName', 'Xabiertxo'));
    expect(names.lookup('firstName', 'Zuriñe')).toBeUndefined();
    expect(names.lookup('surname', 'Soto')).toStrictEqual(names.lookup('surname', 'Nunca'));
    expect(names.list('firstName').map((fact) => fact.key)).not.toContain('zurine');
  });

  it('keeps first names and surnames apart', () => {
    expect(names.lookup('surname', 'Inaki')).toBeUndefined();
    expect(names.lookup('firstName', 'Olano')).toBeUndefined();
  });

  it('lists the names with a page A to Z, in Spanish order, with the k and editions they were made under', () => {
    expect(names.list('firstName').map((fact) => fact.name)).toEqual(['Ander', 'Inaki']);
    expect(names.list('surname').map((fact) => fact.name)).toEqual(['Munoz', 'Olano']);
    expect([names.k, names.editions, names.participants]).toEqual([3, [2025], [8]]);
  });
});
