import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/index.js';
import { decodeListText } from '../../../src/import/text-encoding.js';

const TEXT = 'name;school;year\nAne García Núñez;Colegio Nuestra Señora;2026\n';

describe('decodeListText: the encodings spreadsheet exports are written in', () => {
  it.each([
    ['UTF-8 without BOM', Buffer.from(TEXT), 'UTF-8'],
    [
      'UTF-8 with a BOM',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]),
      'UTF-8 with a BOM',
    ],
    ['UTF-16LE with a BOM', Buffer.from(`\ufeff${TEXT}`, 'utf16le'), 'UTF-16LE (BOM)'],
    ['UTF-16BE with a BOM', Buffer.from(`\ufeff${TEXT}`, 'utf16le').swap16(), 'UTF-16BE (BOM)'],
    ['Windows-1252, detected', Buffer.from(TEXT, 'latin1'), 'Windows-1252 (detected: not UTF-8)'],
  ])('%s', (_, bytes, encoding) => {
    expect(decodeListText(bytes)).toEqual({ text: TEXT, encoding, invalidUtf8Lines: new Set() });
  });

  it("reads Windows-1252's own letters (€, Š, œ), not only Latin-1's", () => {
    const bytes = Buffer.from([0x80, 0x20, 0x8a, 0x9c]);
    expect(decodeListText(bytes).text).toBe('€ Šœ');
  });

  it('takes UTF-8 with bytes that are not UTF-8 for broken UTF-8, and names its bad lines', () => {
    const bytes = Buffer.concat([Buffer.from('name\nGarcía\nCaf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    expect(decodeListText(bytes)).toMatchObject({ encoding: 'UTF-8', invalidUtf8Lines: new Set([3]) });
  });

  it('reads the encoding named by --encoding, under any of its labels', () => {
    expect(decodeListText(Buffer.from(TEXT, 'latin1'), 'latin1')).toMatchObject({
      text: TEXT,
      encoding: 'windows-1252 (--encoding)',
    });
    expect(decodeListText(Buffer.from('caf\u00e9', 'latin1'), 'utf-8')).toMatchObject({
      encoding: 'UTF-8 (--encoding)',
      invalidUtf8Lines: new Set([1]),
    });
    expect(() => decodeListText(Buffer.from(TEXT), 'klingon')).toThrow(ConfigError);
    expect(() => decodeListText(Buffer.from(TEXT), 'klingon')).toThrow(
      "--encoding 'klingon' is not an encoding name: for example utf-8, utf-16le, utf-16be, windows-1252",
    );
  });
});
