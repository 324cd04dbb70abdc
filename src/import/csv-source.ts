import { readFileSync } from 'node:fs';
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
function invalidUtf8Lines(bytes: Buffer): Set<number> {
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
 * Reads a UTF-8 CSV participant list (a BOM is allowed) whose header names at least
 * `name`, `school` and `year`, in any order; other columns are ignored.
 * Throws CsvFormatError when the file cannot be read as CSV at all.
 */
export function readParticipantCsv(path: string): RawParticipantRow[] {
  const { text, badLines } = decode(readFileSync(path));
  let columnsAt: [number, number, number] | undefined;
  let rows: RawParticipantRow[];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Turns each record into a row as it is parsed, so only rows are held in memory.
      on_record: ((record: string[], context: { lines: number }): RawParticipantRow | null => {
        if (!columnsAt) {
          columnsAt = headerColumns(record, context.lines);
          return null;
        }
        const [nameAt, schoolAt, yearAt] = columnsAt;
        return {
          line: context.lines,
          name: record[nameAt],
          school: record[schoolAt],
          year: record[yearAt],
          ...(badLines.has(context.lines) ? { invalidUtf8: true } : {}),
        };
        // csv-parse's types expect on_record to return a record; null skips the header.
      }) as unknown as Options['on_record'],
    }) as unknown as RawParticipantRow[];
  } catch (error) {
    if (error instanceof CsvFormatError) throw error;
    const line = (error as { lines?: number }).lines ?? 1;
    throw new CsvFormatError(
      line,
      `malformed CSV: ${(error as Error).message.replace(/^Invalid [^:]*:\s*/, '')}`,
    );
  }
  if (!columnsAt)
    throw new CsvFormatError(1, 'the file is empty: expected a header with name, school and year');
  return rows;
}

/** Positions of name, school and year in the header (case and spaces ignored). */
function headerColumns(header: string[], line: number): [number, number, number] {
  const columns = header.map((column) => column.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new CsvFormatError(line, `the header lacks the column(s) ${missing.join(', ')}`);
  return REQUIRED_COLUMNS.map((column) => columns.indexOf(column)) as [number, number, number];
}
