import { byteOrder } from '../domain/collation.js';
import type { ParticipantRecord, StatisticRow } from '../domain/types.js';
import type { EditionTally } from '../domain/statistics/tally.js';
import { ALL_YEARS, SqlReads, type Sql, type StoreSnapshot } from './sql-reads.js';
import { LABELS_TABLE } from './sql-schema.js';
import type { LabelLanguage, Removal, SummaryLanguage } from './rows.js';

const OVERRIDES: Record<SummaryLanguage, string> = { es: 'summary_overrides', eu: 'summary_overrides_eu' };

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The writes of one operator command, all inside one transaction; participants in bulk each engine its own way. */
export class SqlWrites extends SqlReads {
  constructor(
    protected readonly sql: Sql,
    private readonly eachParticipant: StoreSnapshot['readParticipants'],
    /** Inserts in batches; `onInserted` hears how many rows are in so far. */
    readonly insertParticipants: (
      rows: readonly ParticipantRecord[],
      onInserted?: (rows: number) => void,
    ) => Promise<void>,
  ) {
    super();
  }

  async readParticipants(): Promise<ParticipantRecord[]> {
    // Each school string shared by its rows: far smaller with millions of rows.
    const records: ParticipantRecord[] = [];
    const schools = new Map<string, string>();
    await this.eachParticipant([], (name, school, year) => {
      let shared = schools.get(school);
      if (shared === undefined) schools.set(school, (shared = school));
      records.push({ name, school: shared, year });
    });
    return records;
  }

  async deleteParticipantsOfYears(years: readonly number[]): Promise<void> {
    for (const year of years) await this.sql.run('DELETE FROM participants WHERE year = ?', [year]);
  }

  /** Deletes the rows with exactly this name, school and year; returns how many. */
  deleteParticipant({ name, school, year }: ParticipantRecord): Promise<number> {
    const sql = 'DELETE FROM participants WHERE name = ? AND school = ? AND year = ?';
    return this.sql.run(sql, [name, school, year]);
  }

  /** Every school with a participant, whatever its year's flag. */
  async readSchools(): Promise<string[]> {
    const rows = await this.sql.all<{ school: string }>('SELECT DISTINCT school FROM participants');
    return rows.map((row) => row.school).sort(byteOrder);
  }

  async readSchoolParticipants(school: string): Promise<ParticipantRecord[]> {
    const rows = await this.sql.all<{ name: string; year: unknown }>(
      'SELECT name, year FROM participants WHERE school = ?',
      [school],
    );
    return rows.map((row) => ({ name: row.name, school, year: Number(row.year) }));
  }

  /** Replaces every statistic and its generated Basque summary; hand-written summaries are kept. */
  async replaceStatistics(rows: readonly StatisticRow[], minPublishedCount: number): Promise<void> {
    await this.sql.run(
      `INSERT INTO tamborrada_statistics_rule (id, min_published_count) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET min_published_count = excluded.min_published_count,
         computed_at = ${this.sql.now}`,
      [minPublishedCount],
    );
    await this.sql.run('DELETE FROM statistics');
    await this.sql.run('DELETE FROM summaries_eu');
    for (const r of rows) {
      await this.sql.run(
        'INSERT INTO statistics (category, scope, year, public_data, full_data, summary) VALUES (?, ?, ?, ?, ?, ?)',
        [r.category, r.scope, r.year, jsonOrNull(r.publicData), jsonOrNull(r.fullData), r.summary],
      );
      const basque = [r.category, r.year, r.basqueSummary];
      await this.sql.run('INSERT INTO summaries_eu (category, year, summary) VALUES (?, ?, ?)', basque);
    }
    // Hand-written summaries win over generated ones.
    const override =
      'FROM summary_overrides o WHERE o.category = statistics.category AND o.year = statistics.year';
    await this.sql.run(
      `UPDATE statistics SET summary = (SELECT o.summary ${override}) WHERE EXISTS (SELECT 1 ${override})`,
    );
  }

  async writeEditionTally(tally: EditionTally, recordsFingerprint: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO tamborrada_edition_tallies (year, min_published_count, records_fingerprint, tally)
       VALUES (?, ?, ?, ?)
       ON CONFLICT (year) DO UPDATE SET min_published_count = excluded.min_published_count,
         records_fingerprint = excluded.records_fingerprint, tally = excluded.tally,
         computed_at = ${this.sql.now}`,
      [tally.year, tally.k, recordsFingerprint, JSON.stringify(tally)],
    );
  }

  async setTallyFingerprint(year: number, fingerprint: string): Promise<void> {
    const sql = 'UPDATE tamborrada_edition_tallies SET records_fingerprint = ? WHERE year = ?';
    await this.sql.run(sql, [fingerprint, year]);
  }

  async deleteEditionTallies(years: readonly number[]): Promise<void> {
    for (const year of years)
      await this.sql.run('DELETE FROM tamborrada_edition_tallies WHERE year = ?', [year]);
  }

  /** Whether a statistic has no generated Basque summary, or no tally is stored (an older version's). */
  async lacksBasqueOrTallies(): Promise<boolean> {
    const [row] = await this.sql.all<{ lacks: unknown }>(
      `SELECT NOT EXISTS (SELECT 1 FROM tamborrada_edition_tallies) OR EXISTS (SELECT 1 FROM statistics s
         WHERE NOT EXISTS (SELECT 1 FROM summaries_eu e
                           WHERE e.category = s.category AND e.year = CAST(s.year AS TEXT))) AS lacks`,
    );
    return Boolean(row?.lacks);
  }

  async setReady(years: readonly string[], ready: boolean): Promise<void> {
    for (const year of new Set(years)) {
      await this.sql.run(
        `INSERT INTO available_years (year, is_ready) VALUES (?, ?)
         ON CONFLICT (year) DO UPDATE SET is_ready = excluded.is_ready, updated_at = ${this.sql.now}
         WHERE available_years.is_ready IS DISTINCT FROM excluded.is_ready`,
        [year, Number(ready)],
      );
    }
  }

  async unpublishYearsWithoutStatistics(): Promise<void> {
    await this.sql.run(
      `UPDATE available_years SET is_ready = false, updated_at = ${this.sql.now}
       WHERE is_ready AND NOT EXISTS (SELECT 1 FROM statistics s WHERE s.year = available_years.year)`,
    );
  }

  /** Years flagged not ready: their participants stay stored, and every statistic leaves them out. */
  async readWithheldYears(): Promise<number[]> {
    const rows = await this.sql.all<{ year: string }>(
      'SELECT CAST(year AS TEXT) AS year FROM available_years WHERE NOT COALESCE(CAST(is_ready AS BOOLEAN), false)',
    );
    return rows.filter((row) => /^[0-9]{4}$/.test(row.year)).map((row) => Number(row.year));
  }

  /** Forgets a year's flag and the note of what loaded it. */
  async forgetYear(year: string): Promise<void> {
    await this.sql.run('DELETE FROM available_years WHERE CAST(year AS TEXT) = ?', [year]);
    await this.sql.run('DELETE FROM tamborrada_year_sources WHERE CAST(year AS TEXT) = ?', [year]);
  }

  async recordSource(years: readonly number[], source: string): Promise<void> {
    for (const year of years) {
      await this.sql.run(
        `INSERT INTO tamborrada_year_sources (year, source) VALUES (?, ?)
         ON CONFLICT (year) DO UPDATE SET source = excluded.source, loaded_at = ${this.sql.now}`,
        [year, source],
      );
    }
  }

  async setUpdating(isUpdating: boolean, note: string | null): Promise<void> {
    await this.sql.run(
      `INSERT INTO sys_status (id, is_updating, notes) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET is_updating = excluded.is_updating, notes = excluded.notes,
         updated_at = ${this.sql.now}`,
      [Number(isUpdating), note],
    );
  }

  async setManualSummary(year: string, category: string, summary: string, lang: SummaryLanguage = 'es') {
    // The Spanish one is written into the row the API serves; the Basque one is read beside it.
    const where = 'WHERE year = ? AND category = ?';
    const found =
      lang === 'es'
        ? await this.sql.run(`UPDATE statistics SET summary = ? ${where}`, [summary, year, category])
        : (await this.sql.all(`SELECT 1 AS found FROM statistics ${where}`, [year, category])).length;
    if (found === 0) return false;
    await this.sql.run(
      `INSERT INTO ${OVERRIDES[lang]} (category, year, summary) VALUES (?, ?, ?)
       ON CONFLICT (category, year) DO UPDATE SET summary = excluded.summary, updated_at = ${this.sql.now}`,
      [category, year, summary],
    );
    return true;
  }

  /** False if there was none. A Basque one gives way at once; a Spanish one at the next recompute. */
  async unsetManualSummary(year: string, category: string, lang: SummaryLanguage = 'es') {
    const sql = `DELETE FROM ${OVERRIDES[lang]} WHERE year = ? AND category = ?`;
    return (await this.sql.run(sql, [year, category])) > 0;
  }

  /** False when one with the same hash and year was recorded already. */
  async recordRemoval({ nameKey, school, year, records }: Omit<Removal, 'removedAt'>): Promise<boolean> {
    const inserted = await this.sql.run(
      `INSERT INTO tamborrada_removals (name_key, school, years, records) VALUES (?, ?, ?, ?)
       ON CONFLICT (name_key, years) DO NOTHING`,
      [nameKey, school, year === undefined ? ALL_YEARS : String(year), records],
    );
    return inserted > 0;
  }

  async setSchoolLabel(school: string, lang: LabelLanguage, label: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO ${LABELS_TABLE} (school, lang, label) VALUES (?, ?, ?)
       ON CONFLICT (school, lang) DO UPDATE SET label = excluded.label, updated_at = ${this.sql.now}`,
      [school, lang, label],
    );
  }

  async unsetSchoolLabels(school: string, langs: readonly LabelLanguage[]): Promise<number> {
    const sql = `DELETE FROM ${LABELS_TABLE} WHERE school = ? AND lang = ?`;
    let deleted = 0;
    for (const lang of langs) deleted += await this.sql.run(sql, [school, lang]);
    return deleted;
  }
}

export type WriteTransaction = Pick<SqlWrites, keyof SqlWrites>;
