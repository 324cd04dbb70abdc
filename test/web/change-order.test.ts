/**
 * The journalist's view on the demo data: the schools' evolution on the global page ordered
 * by the change in participants since an edition named in the address, the change shown as
 * columns; the same change (since the first edition) in the statistic's CSV file.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sectionId } from '../../src/web/chart-names.js';
import type { Language } from '../../src/web/locale.js';
import { startDemoSite, type DemoSite } from '../support/demo-site.js';

let site: DemoSite;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.2 });
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const get = (path: string) => fetch(`${site.server.url}${path}`);

/** The evolution section's table as text: its head and its rows, tags stripped. */
async function evolutionTable(path: string, language: Language = 'es') {
  const response = await get(path);
  expect(response.status).toBe(200);
  const page = await response.text();
  const start = page.indexOf(`<section id="${sectionId(language, 'schoolsEvolution')}"`);
  expect(start).toBeGreaterThan(0);
  const section = page.slice(start, page.indexOf('</section>', start));
  const cells = (row: string) =>
    [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((cell) => cell[1]!.replace(/<[^>]+>/g, ''));
  const rowsOf = (part: string) => part.split('<tr>').slice(1).map(cells);
  const head = rowsOf(section.slice(section.indexOf('<thead>'), section.indexOf('</thead>')))[0]!;
  const body = rowsOf(section.slice(section.indexOf('<tbody>'), section.indexOf('</tbody>')));
  return { section, head, body };
}

/** A figure as the page writes it: `1.234`, `+12`, `-3` (Basque's minus `−` too); no data is 0. */
const figure = (text: string) => {
  const digits = text.replace(/[.\s]/g, '').replace('−', '-');
  return /^[+-]?[0-9]+$/.test(digits) ? Number(digits) : 0;
};

describe('the evolution ordered by change', () => {
  it('lists the schools by their change since 2018, largest rise first, with the change as columns', async () => {
    const { head, body, section } = await evolutionTable('/estadisticas/global?desde=2018');
    const last = head.at(-4)!;
    expect(head.slice(-3)).toEqual(['Total', `Cambio 2018-${last}`, `Cambio 2018-${last} (%)`]);
    expect(section).toContain('<details class="detail-table" open');
    const from = head.indexOf('2018');
    const to = head.indexOf(last);
    const changes = body.map((row) => {
      const change = figure(row.at(-2)!);
      expect(change).toBe(figure(row[to]!) - figure(row[from]!));
      return change;
    });
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    expect(new Set(changes).size).toBeGreaterThan(1);
    // In per cent of 2018's figure; none where the school had none then.
    const row = body.find((cells) => figure(cells[from]!) > 0 && cells.at(-2) !== '0')!;
    const share = (figure(row.at(-2)!) / figure(row[from]!)) * 100;
    expect(row.at(-1)).toMatch(new RegExp(`^[+-]${Math.floor(Math.abs(share))}(,[0-9]+)?\u00a0%$`));
    for (const cells of body.filter((cells) => cells[from] === 'sin datos'))
      expect(cells.at(-1)).toBe('sin datos');
  });

  it('keeps its own order without the field, with a link to each order', async () => {
    const { head, body, section } = await evolutionTable('/estadisticas/global');
    expect(head.at(-1)).toBe('Total');
    const totals = body.map((row) => figure(row.at(-1)!));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(section).toContain('href="/estadisticas/global?desde=2018#schoolsEvolution"');
    expect(section).not.toContain(`?desde=${head.at(-2)}`);
  });

  it('is offered in Basque under its own field, and reads the Spanish one too', async () => {
    for (const query of ['noiztik=2019', 'desde=2019']) {
      const { head, section } = await evolutionTable(`/eu/estatistikak/global?${query}`, 'eu');
      expect(head.at(-2)).toBe(`Aldaketa 2019-${head.at(-4)}`);
      expect(section).toContain('Ordenatu parte-hartzaileen aldaketaren arabera');
      expect(section).toContain(`href="/eu/estatistikak/global?noiztik=2018#`);
    }
  });

  it('answers 404 for an edition that cannot be a base: unpublished, the last, or no year', async () => {
    const { head } = await evolutionTable('/estadisticas/global');
    for (const base of ['2021', '2017', head.at(-2)!, 'abc', '2018x'])
      expect((await get(`/estadisticas/global?desde=${base}`)).status).toBe(404);
  });
});

describe("the evolution's CSV file", () => {
  it('gives each row its change since the first edition, absolute and in per cent', async () => {
    const response = await get('/datos/global-schoolsEvolution.csv');
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'compania',
      'edicion',
      'participantes',
      'cambio',
      'cambio_porcentaje',
    ]);
    const first = Math.min(...rows.map((row) => Number(row.edicion)));
    const atFirst = new Map(
      rows
        .filter((row) => Number(row.edicion) === first)
        .map((row) => [row.compania, Number(row.participantes)]),
    );
    for (const row of rows) {
      const base = atFirst.get(row.compania) ?? 0;
      const change = Number(row.participantes) - base;
      expect(Number(row.cambio)).toBe(change);
      const percent = row.cambio_porcentaje;
      expect(percent).toBe(base === 0 ? '' : String(Math.round((change / base) * 10_000) / 100));
    }
    expect(rows.some((row) => !atFirst.has(row.compania))).toBe(true);
  });
});
