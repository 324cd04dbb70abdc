import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importFile } from '../../src/cli/commands/import-file.js';
import {
  apiSnapshot,
  createWorkspace,
  csv,
  freshApiSnapshot,
  query,
  serveStore,
  storeContents,
  storeFileHashes,
  type Workspace,
} from '../support/workspace.js';

const TXORI = 'Ikastola Txori Berri';
const SANTA_ANA = 'Colegio Santa Ana';

interface Participant {
  name: string;
  school: string;
  year: number;
}

/** The `label  value` lines of an import report. */
function reportFigures(report: string): Record<string, string> {
  return Object.fromEntries(
    report
      .split('\n')
      .slice(1)
      .map((line) => /^ {2}(\S+(?: \S+)?) {2,}(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map((match) => [match[1], match[2]]),
  );
}

function participants(dbPath: string): Participant[] {
  return query<Participant>(
    dbPath,
    'SELECT name, school, year FROM participants ORDER BY year, name, school',
  );
}

let workspace: Workspace;
beforeEach(() => {
  workspace = createWorkspace();
});
afterEach(() => workspace.remove());

describe('what an import stores', () => {
  it('collapses rows equal after normalisation (same name, school and year) and counts them', async () => {
    const file = workspace.file(
      'duplicates.csv',
      csv([
        'name,school,year',
        `José Ramón Etxeberria Goñi,${TXORI},2024`,
        `Jose Ramon Etxeberria Goni,${TXORI},2024`, // duplicate: accents
        `"  José   Ramón\tEtxeberria  Goñi ",${TXORI},2024`, // duplicate: whitespace
        `"Jose\u0301 Ramo\u0301n Etxeberria Gon\u0303i",${TXORI},2024`, // duplicate: decomposed accents
        `José Ramón Etxeberria Goñi,  ${TXORI}  ,2024`, // duplicate: school differs by surrounding spaces only
        `José Ramón Etxeberria Goñi,${TXORI}, 2024 `, // duplicate: year differs by surrounding spaces only
        `José Ramón Etxeberria Goñi,${SANTA_ANA},2024`, // another school
        `José Ramón Etxeberria Goñi,Ikastola Txori  Berri,2024`, // another school: inner spaces are kept
        `José Ramón Etxeberria Goñi,Ikastola Txorí Berri,2024`, // another school: accents are kept
        `José Ramón Etxeberria Goñi,${TXORI},2023`, // another year
        `jose ramon etxeberria goni,${TXORI},2024`, // another name: case is kept
        `Ane Garcia Lopez,${TXORI},2024`,
        `Ane Garcia Lopez,${TXORI},2024`, // duplicate: identical
      ]),
    );
    const figures = reportFigures(await importFile(file, workspace.location, true));
    expect(figures).toMatchObject({
      'rows read': '13',
      imported: '7',
      duplicates: '6',
      years: '2023, 2024',
    });
    expect(participants(workspace.dbPath)).toEqual([
      { name: 'Jose Ramon Etxeberria Goni', school: TXORI, year: 2023 },
      { name: 'Ane Garcia Lopez', school: TXORI, year: 2024 },
      { name: 'Jose Ramon Etxeberria Goni', school: SANTA_ANA, year: 2024 },
      { name: 'Jose Ramon Etxeberria Goni', school: 'Ikastola Txori  Berri', year: 2024 },
      { name: 'Jose Ramon Etxeberria Goni', school: TXORI, year: 2024 },
      { name: 'Jose Ramon Etxeberria Goni', school: 'Ikastola Txorí Berri', year: 2024 },
      { name: 'jose ramon etxeberria goni', school: TXORI, year: 2024 },
    ]);
  });

  it('stores names normalised (no diacritics, whitespace collapsed) and schools only trimmed', async () => {
    const file = workspace.file(
      'normalise.csv',
      csv([
        'name,school,year',
        `"  Iñigo   Muñoz\t\tIbarra  ",  Colegio  Nuestra Señora del Faro  ,2024`,
        `"Ánder\u00a0Pérez\u2003Güemes",\tIkastola Ñ\t,2024`,
        `"Maria\nde la Fuente Perez",${SANTA_ANA},2024`,
        `Zoë Čapek Ørsted,${SANTA_ANA},2024`,
      ]),
    );
    await importFile(file, workspace.location, true);
    expect(participants(workspace.dbPath)).toEqual([
      { name: 'Ander Perez Guemes', school: 'Ikastola Ñ', year: 2024 },
      { name: 'Inigo Munoz Ibarra', school: 'Colegio  Nuestra Señora del Faro', year: 2024 },
      { name: 'Maria de la Fuente Perez', school: SANTA_ANA, year: 2024 },
      // Only combining marks go: Ø has no decomposition and stays.
      { name: 'Zoe Capek Ørsted', school: SANTA_ANA, year: 2024 },
    ]);
  });

  it("imports the public project's participants export as it is", async () => {
    const file = workspace.file(
      'participants.csv',
      csv([
        'id,name,school,article_date,year,url_id,created_at',
        `101,Ane García López,${TXORI},2024-01-19,2024,dv-2024-01-19-txori,2024-01-21 09:12:44.123+00`,
        `102,"Jon Ander Peña, Goñi",${SANTA_ANA},"sábado, 20 de enero de 2024",2024,,2024-01-21 09:12:44.123+00`,
        `103,Maite Zubizarreta Olano,"Colegio ""El Faro""",,2023,dv-2023,`,
      ]),
    );
    const figures = reportFigures(await importFile(file, workspace.location, true));
    expect(figures).toMatchObject({ 'rows read': '3', imported: '3', duplicates: '0', years: '2023, 2024' });
    expect(participants(workspace.dbPath)).toEqual([
      { name: 'Maite Zubizarreta Olano', school: 'Colegio "El Faro"', year: 2023 },
      { name: 'Ane Garcia Lopez', school: TXORI, year: 2024 },
      { name: 'Jon Ander Pena, Goni', school: SANTA_ANA, year: 2024 },
    ]);
    // The other columns are not taken from the file.
    expect(
      query(
        workspace.dbPath,
        'SELECT count(*) AS n FROM participants WHERE article_date IS NOT NULL OR url_id IS NOT NULL OR id > 100',
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('reads a header in another order, in any case, with extra columns, a BOM and CRLF line endings', async () => {
    const rows = [
      ' Year ,notes,SCHOOL,Name,extra',
      `2024,primera vez,${TXORI},Ane García López,x`,
      `2023,,${SANTA_ANA},Jon Pérez Ruiz,`,
      `2023,"dos\r\nlíneas",${SANTA_ANA},Mikel Soto Ruiz,y`,
    ];
    const crlf = workspace.file('crlf.csv', '\uFEFF' + csv(rows, '\r\n'));
    await importFile(crlf, workspace.location, true);
    const expected = [
      { name: 'Jon Perez Ruiz', school: SANTA_ANA, year: 2023 },
      { name: 'Mikel Soto Ruiz', school: SANTA_ANA, year: 2023 },
      { name: 'Ane Garcia Lopez', school: TXORI, year: 2024 },
    ];
    expect(participants(workspace.dbPath)).toEqual(expected);
    const crlfContents = storeContents(workspace.dbPath);

    // The same list with LF endings and no BOM stores exactly the same.
    const other = createWorkspace();
    try {
      await importFile(other.file('lf.csv', csv(rows)), other.location, true);
      expect(participants(other.dbPath)).toEqual(expected);
      // Everything but the publication times is the same.
      const lf = storeContents(other.dbPath);
      for (const table of ['participants', 'statistics', 'sys_status', 'summary_overrides'] as const)
        expect(lf[table], table).toEqual(crlfContents[table]);
    } finally {
      other.remove();
    }
  });
});

describe('an import replaces only the years in its file', () => {
  const first = [
    'name,school,year',
    `Ane Garcia Lopez,${TXORI},2022`,
    `Ane Garcia Lopez,${TXORI},2023`,
    `Jon Perez Ruiz,${TXORI},2023`,
    `Ane Garcia Lopez,${TXORI},2024`,
    `Mikel Soto Ruiz,${SANTA_ANA},2024`,
  ];

  it('keeps other years untouched, marks its years and global ready, and recomputes global', async () => {
    await importFile(workspace.file('first.csv', csv(first)), workspace.location, true);
    // An operator had taken 2024 and global off the air by hand.
    const db = new Database(workspace.dbPath);
    db.exec("UPDATE available_years SET is_ready = 0 WHERE year IN ('2024', 'global')");
    db.close();
    const before = storeContents(workspace.dbPath);
    const yearsBefore = before.available_years as { year: string; is_ready: number; updated_at: string }[];

    const report = await importFile(
      workspace.file(
        'second.csv',
        csv([
          'name,school,year',
          `Iñigo Muñoz Ibarra,${TXORI},2024`,
          `Ane Garcia Lopez,${SANTA_ANA},2024`,
          `Maite Olano Zubia,${SANTA_ANA},2024`,
          `Maite Olano Zubia,${SANTA_ANA},2025`,
        ]),
      ),
      workspace.location,
      true,
    );
    expect(reportFigures(report)).toMatchObject({ years: '2024, 2025', published: '2024, 2025, global' });

    expect(participants(workspace.dbPath)).toEqual([
      { name: 'Ane Garcia Lopez', school: TXORI, year: 2022 },
      { name: 'Ane Garcia Lopez', school: TXORI, year: 2023 },
      { name: 'Jon Perez Ruiz', school: TXORI, year: 2023 },
      { name: 'Ane Garcia Lopez', school: SANTA_ANA, year: 2024 },
      { name: 'Inigo Munoz Ibarra', school: TXORI, year: 2024 },
      { name: 'Maite Olano Zubia', school: SANTA_ANA, year: 2024 },
      { name: 'Maite Olano Zubia', school: SANTA_ANA, year: 2025 },
    ]);

    const years = storeContents(workspace.dbPath).available_years as typeof yearsBefore;
    const ready = Object.fromEntries(years.map((row) => [row.year, row.is_ready]));
    expect(ready).toEqual({ '2022': 1, '2023': 1, '2024': 1, '2025': 1, global: 1 });
    // 2022 and 2023 were not in the file: their rows are exactly as they were.
    for (const year of ['2022', '2023'])
      expect(years.find((row) => row.year === year)).toEqual(yearsBefore.find((row) => row.year === year));

    const server = await serveStore(workspace.dbPath);
    try {
      const total = await server.get('/api/category?category=totalParticipants&year=global');
      expect((total.body as { stats: { public_data: unknown }[] }).stats[0]?.public_data).toEqual([
        { year: 2022, count: 1 },
        { year: 2023, count: 2 },
        { year: 2024, count: 3 },
        { year: 2025, count: 1 },
      ]);
      expect((await server.get('/api/years')).text).toBe('{"years":["2025","2024","2023","2022","global"]}');
      // 2023's statistics are recomputed from unchanged participants: the same as before.
      const statistics2023 = (rows: unknown[]) =>
        (rows as { year: string }[]).filter((row) => row.year === '2023');
      expect(statistics2023(storeContents(workspace.dbPath).statistics)).toEqual(
        statistics2023(before.statistics),
      );
    } finally {
      await server.close();
    }
  });

  it('re-importing the same file changes nothing: tables, answers and ETags', async () => {
    const file = workspace.file(
      'same.csv',
      csv([
        ...first,
        `"  José Ramón  Etxeberria Goñi",${SANTA_ANA},2024`,
        `Jose Ramon Etxeberria Goni,${SANTA_ANA},2024`,
        `Maria de la Fuente Perez,${SANTA_ANA},2023`,
      ]),
    );
    const searches = [
      ['Ane Garcia Lopez', TXORI],
      ['Jose Ramon Etxeberria Goni', SANTA_ANA],
    ] as const;
    const firstReport = reportFigures(await importFile(file, workspace.location, true));
    const contents = storeContents(workspace.dbPath);
    const api = await freshApiSnapshot(workspace.dbPath, searches);
    expect(api['/api/statistics?year=2024']?.status).toBe(200);
    expect(api['/api/statistics?year=2024']?.etag).toMatch(/^"/);

    const live = await serveStore(workspace.dbPath);
    // The file and its WAL (the -shm is shared memory, which a reading server writes to).
    const written = () => {
      const { 'store.db': file, 'store.db-wal': wal } = storeFileHashes(workspace.dbPath);
      return { file, wal };
    };
    const bytes = written();
    try {
      const second = await importFile(file, workspace.location, true);
      // Nothing is written (the store's bytes and change counter stay), and it says so.
      expect(second.split('\n')[0]).toBe(
        `${file}: sqlite:${workspace.dbPath} holds these lists already (2022, 2023, 2024, published): nothing changed`,
      );
      const secondReport = reportFigures(second);
      expect(secondReport).toEqual({
        read: firstReport.read,
        'rows read': firstReport['rows read'],
        duplicates: firstReport.duplicates,
        time: expect.stringMatching(/ s$/),
      });
      expect(written()).toEqual(bytes);
      expect(storeContents(workspace.dbPath)).toEqual(contents);
      await live.sync();
      expect(await apiSnapshot(live, searches)).toEqual(api);
      expect(await freshApiSnapshot(workspace.dbPath, searches)).toEqual(api);
    } finally {
      await live.close();
    }
  });
});
