import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRows } from '../../../src/demo/index.js';
import { CATEGORY_IDS } from '../../../src/domain/categories.js';
import { normalizeName } from '../../../src/domain/names.js';
import { DEFAULT_MIN_PUBLISHED_COUNT } from '../../../src/domain/statistics/index.js';
import type { ParticipantRecord } from '../../../src/domain/types.js';
import type { RunningServer } from '../../../src/server.js';
import { startTestServer } from '../../support/server.js';
import { openReadStore } from '../../../src/store/open-store.js';
import type { WriteStore } from '../../../src/store/store.js';
import { WRITE_STORE_KINDS, type WriteStoreHandle } from '../../support/write-stores.js';
import { computeStatistics } from '../../support/statistics.js';

interface Served {
  status: number;
  contentType: string | null;
  etag: string | null;
  text: string;
}

async function serve(server: RunningServer, path: string): Promise<Served> {
  const response = await fetch(server.url + path);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    text: await response.text(),
  };
}

/** The same import through the WriteTransaction API of a store: the January refresh. */
async function importInto(store: WriteStore, records: readonly ParticipantRecord[]): Promise<void> {
  const statistics = computeStatistics(records, DEFAULT_MIN_PUBLISHED_COUNT);
  await store.transaction(async (tx) => {
    await tx.setUpdating(true, 'recarga');
    await tx.insertParticipants(records);
    await tx.replaceStatistics(statistics, DEFAULT_MIN_PUBLISHED_COUNT);
    await tx.setReady([...new Set(statistics.map((row) => row.year))], true);
    await tx.setManualSummary('2024', 'intro', 'Un texto escrito a mano: **2024** con ñ y "comillas".');
    await tx.setUpdating(false, null);
  });
}

const demo: ParticipantRecord[] = [...generateDemoRows({ seed: 7, scale: 0.6 })].map((row) => ({
  name: normalizeName(row.name),
  school: row.school,
  year: Number(row.year),
}));
// Stored text comes back as it is: a few names with diacritics and odd characters.
demo.push(
  { name: 'Iñigo Muñoz Ibarra', school: 'Otras compañías', year: 2025 },
  { name: 'Ana Ruiz_Sanz 100% "Olano"', school: 'Otras compañías', year: 2025 },
);

function operations(years: string[]): string[] {
  const paths = ['/api/ping', '/api/years', '/api/companies', '/api/statistics', '/api/category'];
  for (const year of [...years, '2021', '1999', 'abc', 'GLOBAL']) {
    paths.push(`/api/statistics?year=${year}`);
    for (const category of [...CATEGORY_IDS, 'nope'])
      paths.push(`/api/category?year=${year}&category=${category}`);
  }
  const q = (name: string, school: string) =>
    `/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(school)}`;
  for (let i = 0; i < demo.length; i += 211) {
    const { name, school } = demo[i]!;
    paths.push(q(name, school), q(name.toUpperCase(), school), q(name.slice(2), school), q(name, 'Nadie'));
  }
  paths.push(q('Inigo Munoz Ibarra', 'Otras compañías'), q('ruiz_sanz 100% "olano"', 'Otras compañías'));
  paths.push(q('a b', 'x'), '/api/participants');
  return paths;
}

describe('store parity: the same import gives byte-identical answers on SQLite and PostgreSQL', () => {
  const handles: WriteStoreHandle[] = [];
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    for (const kind of WRITE_STORE_KINDS) {
      const handle = await kind.create();
      handles.push(handle);
      await importInto(handle.store, demo);
      servers.push(await startTestServer(() => openReadStore(handle.location), { pollIntervalMs: 100 }));
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.close();
    for (const handle of handles) await handle.dispose();
  });

  it('answers every operation with the same status, headers and bytes', async () => {
    expect(WRITE_STORE_KINDS.map((kind) => kind.name)).toEqual(['sqlite', 'postgresql']);
    const [sqlite, postgres] = servers as [RunningServer, RunningServer];
    const years = (JSON.parse((await serve(sqlite, '/api/years')).text) as { years: string[] }).years;
    expect(years).toEqual(['2025', '2024', '2023', '2022', '2020', '2019', '2018', 'global']);
    const paths = operations(years);
    let compared = 0;
    let found = 0;
    for (const path of paths) {
      const [a, b] = await Promise.all([serve(sqlite, path), serve(postgres, path)]);
      expect(b, path).toEqual(a);
      compared++;
      if (path.startsWith('/api/participants') && a.status === 200) found++;
    }
    const year2024 = JSON.parse((await serve(postgres, '/api/statistics?year=2024')).text) as {
      total_categories: number;
    };
    expect(year2024.total_categories).toBeGreaterThanOrEqual(10);
    expect(compared).toBeGreaterThan(200);
    expect(found).toBeGreaterThan(50);
    expect((await serve(postgres, '/api/category?year=2024&category=intro')).text).toContain(
      'escrito a mano',
    );
  });

  it('stays identical through the updating flag', async () => {
    for (const handle of handles) await handle.store.transaction((tx) => tx.setUpdating(true, null));
    for (const server of servers) await server.follower.refresh();
    const [sqlite, postgres] = servers as [RunningServer, RunningServer];
    for (const path of ['/api/statistics?year=2024', '/api/statistics?year=global', '/api/years']) {
      expect(await serve(postgres, path), path).toEqual(await serve(sqlite, path));
    }
    expect((await serve(postgres, '/api/statistics?year=2024')).text).toBe('{"isUpdating":true}');
  });
});
