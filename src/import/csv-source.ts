import { isUtf8 } from 'node:buffer';
import { parse, type Options } from 'csv-parse/sync';
import { ImportRejected } from './import-participants.js';
import type { RawParticipantRow } from './validate-rows.js';

const REQUIRED_COLUMNS = ['name', 'school', 'year'] as const;

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

const countOf = (text: string, character: string) => text.split(character).length - 1;

/** The rows of a CSV participant list; ImportRejected, naming the line, when it is not CSV at all. */
export function parseParticipantCsv(bytes: Buffer, source: string): RawParticipantRow[] {
  const rejected = (line: number, reason: string) => ImportRejected.at(source, line, reason);
  // Invalid bytes read as U+FFFD; the rows they are on are refused.
  const text = new TextDecoder().decode(bytes);
  const badLines = isUtf8(bytes) ? new Set<number>() : invalidUtf8Lines(bytes);
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
      const names = record.map((column) => column.trim().toLowerCase());
      const missing = REQUIRED_COLUMNS.filter((column) => !names.includes(column));
      if (missing.length > 0) throw rejected(line, `the header lacks the column(s) ${missing.join(', ')}`);
      header = { columns: REQUIRED_COLUMNS.map((column) => names.indexOf(column)), fields: record.length };
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
      // relax_column_count lets short rows through (validation reports their missing
      // fields); a row with more fields than the header is malformed.
      ...(record.length > header.fields
        ? { malformed: `malformed CSV: ${record.length} fields, but the header has ${header.fields}` }
        : {}),
    };
  };
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Each record becomes a row as it is parsed (null skips the header), so only rows are held.
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
  return rows;
}
