import { parse, type Options } from 'csv-parse/sync';
import { ImportRejected } from './import-participants.js';
import { headerName, REQUIRED_COLUMNS, requiredColumns } from './list-header.js';
import { decodeListText } from './text-encoding.js';
import type { RawParticipantRow } from './validate-rows.js';

const countOf = (text: string, character: string) => text.split(character).length - 1;

/** The separators spreadsheets write: `,`; `;` where the decimal comma is used (Spanish); tabs. */
const SEPARATORS = [
  [',', 'commas'],
  [';', 'semicolons'],
  ['\t', 'tabs'],
] as const;

/** The separator that splits the header into the required columns, else the most frequent. */
function separatorOf(text: string): (typeof SEPARATORS)[number] {
  const header = text.slice(0, text.indexOf('\n') + 1 || undefined);
  const fitting = SEPARATORS.filter(([separator]) => {
    const names = header.split(separator).map((cell) => headerName(cell.trim().replace(/^"(.*)"$/, '$1')));
    return REQUIRED_COLUMNS.every((column) => names.includes(column));
  });
  if (fitting.length === 1) return fitting[0]!;
  return [...SEPARATORS].sort(([a], [b]) => countOf(header, b) - countOf(header, a))[0]!;
}

/** The rows of a CSV list, and how it was read (encoding, separator); ImportRejected when it is not CSV. */
export function parseParticipantCsv(
  bytes: Uint8Array,
  source: string,
  encoding?: string,
): { rows: RawParticipantRow[]; read: string } {
  const rejected = (line: number, reason: string) => ImportRejected.at(source, line, reason);
  // Invalid bytes read as U+FFFD; the rows they are on are refused.
  const { text, encoding: encodingRead, invalidUtf8Lines: badLines } = decodeListText(bytes, encoding);
  const [delimiter, separatorName] = separatorOf(text);
  const read = `CSV, ${encodingRead}, separated by ${separatorName}`;
  let header: { columns: number[]; fields: number } | undefined;
  let rows: RawParticipantRow[];
  // csv-parse gives the line where a record ends and counts a \r inside a field as a line
  // of its own; rows are numbered by the physical (\n-separated) line where they start.
  let extraCrs = 0;
  let lastEnd = 0;
  let emptyLinesAtLastEnd = 0;
  const toRow = (record: string[], context: { lines: number; empty_lines: number }) => {
    const fields = record.join('');
    extraCrs += countOf(fields, '\r');
    const end = context.lines - extraCrs;
    const line = end - countOf(fields, '\n');
    lastEnd = end;
    emptyLinesAtLastEnd = context.empty_lines;
    if (!header) {
      header = { columns: requiredColumns(record, { source, line, read }), fields: record.length };
      return null;
    }
    const [name, school, year] = header.columns.map((at) => record[at]);
    let invalidUtf8 = false;
    for (let at = line; at <= end && badLines.size > 0; at++) invalidUtf8 ||= badLines.has(at);
    return {
      line,
      name,
      school,
      year,
      ...(invalidUtf8 ? { invalidUtf8: true } : {}),
      // Short rows pass (validation names their missing fields); longer ones are malformed.
      ...(record.length > header.fields
        ? { malformed: `malformed CSV: ${record.length} fields, but the header has ${header.fields}` }
        : {}),
    };
  };
  try {
    rows = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      // Each record becomes a row as it is parsed (null skips the header).
      on_record: toRow as unknown as Options['on_record'],
    }) as unknown as RawParticipantRow[];
  } catch (error) {
    if (error instanceof ImportRejected) throw error;
    const {
      code,
      lines = 1,
      empty_lines = 0,
    } = error as { code?: string; lines?: number; empty_lines?: number };
    if (code === 'CSV_QUOTE_NOT_CLOSED')
      // csv-parse names the last line of the file; the open quote is in the record after the last good one.
      throw rejected(
        lastEnd + 1 + (empty_lines - emptyLinesAtLastEnd),
        'malformed CSV: a quoted field starting on this line is never closed',
      );
    const reason = (error as Error).message
      .replace(/^Invalid [^:]*:\s*/, '')
      .replace(/ (?:at|on) line \d+/, '');
    throw rejected(lines - extraCrs, `malformed CSV: ${reason}`);
  }
  if (!header) throw rejected(1, 'the file is empty: expected a header with name, school and year');
  // Invalid bytes outside every row (in the header, say) still reject the file.
  if (badLines.size > 0 && !rows.some((row) => row.invalidUtf8))
    throw rejected(badLines.values().next().value!, 'invalid UTF-8');
  return { rows, read };
}
