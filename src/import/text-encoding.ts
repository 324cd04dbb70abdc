import { isUtf8 } from 'node:buffer';
import { ConfigError } from '../config/index.js';

/** Physical lines (1-based, ascending) whose bytes are not valid UTF-8. */
export function invalidUtf8Lines(bytes: Uint8Array): Set<number> {
  const lines = new Set<number>();
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    if (!isUtf8(bytes.subarray(start, i))) lines.add(line);
    start = i + 1;
    line++;
  }
  return lines;
}

const BYTE_ORDER_MARKS: readonly (readonly [bom: readonly number[], label: string, said: string])[] = [
  [[0xef, 0xbb, 0xbf], 'utf-8', 'UTF-8 with a BOM'],
  [[0xff, 0xfe], 'utf-16le', 'UTF-16LE (BOM)'],
  [[0xfe, 0xff], 'utf-16be', 'UTF-16BE (BOM)'],
];

/** The bytes read as `label`, said as `encoding`; as UTF-8, with its bad lines (read as U+FFFD) to refuse. */
function decoded(bytes: Uint8Array, label: string, encoding: string) {
  const badLines = label === 'utf-8' && !isUtf8(bytes) ? invalidUtf8Lines(bytes) : new Set<number>();
  return { text: new TextDecoder(label).decode(bytes), encoding, invalidUtf8Lines: badLines };
}

/**
 * The text of a list: `named` (`--encoding`, a WHATWG label), else a BOM's UTF-8 or UTF-16,
 * else UTF-8, else, when no UTF-8 sequence is there at all, Windows-1252 (Excel's in a
 * Spanish locale). A file mixing UTF-8 with invalid bytes is UTF-8 gone wrong: its bad lines are refused.
 */
export function decodeListText(bytes: Uint8Array, named?: string) {
  if (named !== undefined) {
    let label: string;
    try {
      label = new TextDecoder(named).encoding;
    } catch {
      throw new ConfigError(
        `--encoding '${named}' is not an encoding name: for example utf-8, utf-16le, utf-16be, windows-1252`,
      );
    }
    return decoded(bytes, label, label === 'utf-8' ? 'UTF-8 (--encoding)' : `${label} (--encoding)`);
  }
  for (const [bom, label, said] of BYTE_ORDER_MARKS)
    if (bom.every((byte, at) => bytes[at] === byte)) return decoded(bytes, label, said);
  const utf8 = decoded(bytes, 'utf-8', 'UTF-8');
  if (utf8.invalidUtf8Lines.size === 0 || /[^\p{ASCII}\ufffd]/u.test(utf8.text)) return utf8;
  return decoded(bytes, 'windows-1252', 'Windows-1252 (detected: not UTF-8)');
}
