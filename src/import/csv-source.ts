import { parse, type Options } from 'csv-parse/sync';
import type { RawParticipantRow } from './validate-rows.js';

export const REQUIRED_COLUMNS = ['name', 'school', 'year'] as const;

export class CsvFormatError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** Physical lines (1-based) whose bytes are not valid UTF-8. */
export function invalidUtf8Lines(bytes: Uint8Array): Set<number> {
  const lines = new Set<number>();
  let start = 0;
  let line = 1;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      try {
        strictUtf8.decode(bytes.subarray(start, i));
      } catch {
        lines.add(line);
      }
      start = i + 1;
      line++;
    }
  }
  return lines;
}

function decode(bytes: Buffer): { text: string; badLines: Set<number> } {
  try {
    return { text: strictUtf8.decode(bytes), badLines: new Set() };
  } catch {
    return { text: lenientUtf8.decode(bytes), badLines: invalidUtf8Lines(bytes) };
  }
}

/**
 * Reads the bytes of a UTF-8 CSV participant list (a BOM is allowed) whose header names
 * at least `name`, `school` and `year`, in any order; other columns are ignored.
 * Throws CsvFormatError when the file cannot be read as CSV at all.
 */
export function parseParticipantCsv(bytes: Buffer): RawParticipantRow[] {
  const { text, badLines } = decode(bytes);
  let columnsAt: [number, number, number] | undefined;
  let headerFields = 0;
  let rows: RawParticipantRow[];
  // csv-parse gives the line where a record ends and counts a \r inside a field as a line
  // of its own; rows are numbered by the physical (\n-separated) line where they start.
  let extraCrs = 0;
  let lastEnd = 0;
  let emptyLinesAtLastEnd = 0;
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Turns each record into a row as it is parsed, so only rows are held in memory.
      on_record: ((
        record: string[],
        context: { lines: number; empty_lines: number },
      ): RawParticipantRow | null => {
        let newlines = 0;
        for (const field of record) {
          extraCrs += countOf(field, '\r');
          newlines += countOf(field, '\n');
        }
        const end = context.lines - extraCrs;
        const line = end - newlines;
        lastEnd = end;
        emptyLinesAtLastEnd = context.empty_lines;
        if (!columnsAt) {
          columnsAt = headerColumns(record, line);
          headerFields = record.length;
          return null;
        }
        const [nameAt, schoolAt, yearAt] = columnsAt;
        let invalidUtf8 = false;
        for (let at = line; at <= end && badLines.size > 0; at++) invalidUtf8 ||= badLines.has(at);
        return {
          line,
          name: record[nameAt],
          school: record[schoolAt],
          year: record[yearAt],
          ...(invalidUtf8 ? { invalidUtf8: true } : {}),
          // relax_column_count lets short rows through (their missing fields are reported
          // by validation); a row with more fields than the header is malformed.
          ...(record.length > headerFields
            ? { malformed: `malformed CSV: ${record.length} fields, but the header has ${headerFields}` }
            : {}),
        };
        // csv-parse's types expect on_record to return a record; null skips the header.
      }) as unknown as Options['on_record'],
    }) as unknown as RawParticipantRow[];
  } catch (error) {
    if (error instanceof CsvFormatError) throw error;
    const {
      code,
      lines = 1,
      empty_lines = 0,
    } = error as { code?: string; lines?: number; empty_lines?: number };
    if (code === 'CSV_QUOTE_NOT_CLOSED')
      // csv-parse names the last line of the file; the open quote is in the record after the last good one.
      throw new CsvFormatError(
        lastEnd + 1 + (empty_lines - emptyLinesAtLastEnd),
        'malformed CSV: a quoted field starting on this line is never closed',
      );
    throw new CsvFormatError(
      lines - extraCrs,
      `malformed CSV: ${(error as Error).message.replace(/^Invalid [^:]*:\s*/, '').replace(/ (?:at|on) line \d+/, '')}`,
    );
  }
  if (!columnsAt)
    throw new CsvFormatError(1, 'the file is empty: expected a header with name, school and year');
  // Invalid bytes outside every row (in the header, say) still reject the file.
  if (badLines.size > 0 && !rows.some((row) => row.invalidUtf8))
    throw new CsvFormatError(badLines.values().next().value ?? 1, 'invalid UTF-8'); // lines are added in order
  return rows;
}

function countOf(text: string, character: string): number {
  let count = 0;
  for (let at = text.indexOf(character); at !== -1; at = text.indexOf(character, at + 1)) count++;
  return count;
}

/** Positions of name, school and year in the header (case and spaces ignored). */
function headerColumns(header: string[], line: number): [number, number, number] {
  const columns = header.map((column) => column.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new CsvFormatError(line, `the header lacks the column(s) ${missing.join(', ')}`);
  return REQUIRED_COLUMNS.map((column) => columns.indexOf(column)) as [number, number, number];
}
