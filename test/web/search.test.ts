/**
 * The web search (`/buscar`): a form posted in the body, so the name is never in an
 * address; the API's rules (a name and two surnames, a school from the list) in the
 * pages' own Spanish; only the child whose whole name was typed (a fragment the API
 * matches shows nobody, no wildcard lists a school); never kept by a cache; under the
 * search budgets like the API's search, while the empty form is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../src/domain/api-messages.js';
import { es as webTexts } from '../../src/web/texts/es.js';
import type { RunningServer } from '../../src/server.js';
import { startTestServer } from '../support/server.js';
import { postForm, startDemoSite, type DemoSite } from '../support/demo-site.js';

const SCHOOL = 'Ikastola Zubia';
let site: DemoSite;

beforeAll(async () => {
  site = await startDemoSite({ scale: 0.05 });
  await site.fixture.insertParticipants([
    { name: 'Ane Zubia Lasa', school: SCHOOL, year: 2024 },
    { name: 'Ane Zubia Lasa', school: SCHOOL, year: 2022 },
    { name: 'Ane Zubia Lasagabaster', school: SCHOOL, year: 2023 },
  ]);
  await site.server.follower.refresh();
});

afterAll(async () => {
  await site?.close();
});

const search = (fields: Record<string, string>) => postForm(`${site.server.url}/buscar`, fields);

describe('GET /buscar', () => {
  it('is a form posted to itself, with every company and no history of the name', async () => {
    const form = await (await fetch(`${site.server.url}/buscar`)).text();
    expect(form).toContain('<form class="search-form" method="post" action="/buscar">');
    expect(form).toMatch(/<input id="search-name" name="name" type="text" required autocomplete="off"/);
    const companies = (
      (await (await fetch(`${site.server.url}/api/companies`)).json()) as { companies: string[] }
    ).companies;
    expect([...form.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1])).toEqual(companies);
  });
});

describe('POST /buscar', () => {
  it('finds every edition of the whole name, however it is written, newest first, never cached', async () => {
    for (const name of ['Ane Zubia Lasa', 'ÁNE  zubía lasa']) {
      const answer = await search({ name, company: SCHOOL });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const page = await answer.text();
      // Not Ane Zubia Lasagabaster, whose name only begins with the one typed.
      expect(page).toContain(webTexts.search.found(2, SCHOOL));
      expect(page).not.toContain('Lasagabaster');
      const years = [...page.matchAll(/<a href="\/estadisticas\/(\d{4})">/g)].map((match) => match[1]);
      expect(years.slice(-2)).toEqual(['2024', '2022']);
      // The form keeps what was sent, to search again.
      expect(page).toContain(`value="${name}"`);
      expect(page).toContain(`<option value="${SCHOOL}" selected>`);
    }
  });

  it.each(['Ane Zubia Las', 'ne Zubia Lasa', 'ane zubia lasag'])(
    '%s: a fragment the API matches shows nobody',
    async (fragment) => {
      const api = await fetch(
        `${site.server.url}/api/participants?${new URLSearchParams({ name: fragment, company: SCHOOL })}`,
      );
      expect(api.status).toBe(200);
      expect(((await api.json()) as { participants: unknown[] }).participants.length).toBeGreaterThan(0);
      const page = await (await search({ name: fragment, company: SCHOOL })).text();
      expect(page).toContain(webTexts.search.notFound);
      expect(page).not.toContain('<tbody>');
    },
  );

  it('a name nobody has is a Spanish sentence, not the API’s 500', async () => {
    const answer = await search({ name: 'Koldo Mitxelena Elissalde', company: SCHOOL });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(webTexts.search.notFound);
  });

  const errors = webTexts.search.errors;
  it.each([
    ['a name of two parts', { name: 'Ane Zubia', company: SCHOOL }, errors.nameTooShort],
    ['no school', { name: 'Ane Zubia Lasa' }, errors.company],
    ['no name', { company: SCHOOL }, errors.name],
    ['a name of only spaces', { name: '   ', company: SCHOOL }, errors.name],
    ['nothing', { name: ' ', company: '' }, errors.nothing],
  ])('%s: 400 with the pages’ own Spanish, never the API’s', async (_case, fields, message) => {
    const answer = await search(fields);
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain(`<p class="error" role="alert">${message}</p>`);
    for (const api of [apiErrors.participantParamsRequired.text, apiErrors.nameTooShort.text]) {
      expect(page).not.toContain(api);
    }
  });

  it.each(['% % %', '_ _ _', '.* .* .*', 'a a a'])('%s lists nobody: the match is literal', async (name) => {
    expect(await (await search({ name, company: SCHOOL })).text()).toContain(webTexts.search.notFound);
  });

  it('takes a form only, of a few kilobytes', async () => {
    const json = await fetch(`${site.server.url}/buscar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ane Zubia Lasa', company: SCHOOL }),
    });
    expect([json.status, (await json.json()) as unknown]).toEqual([
      415,
      { error: apiErrors.badRequest.text },
    ]);
    const large = await search({ name: `Ane Zubia Lasa ${'x'.repeat(10_000)}`, company: SCHOOL });
    expect([large.status, (await large.json()) as unknown]).toEqual([
      413,
      { error: apiErrors.payloadTooLarge.text },
    ]);
  });
});

describe('with the search budgets', () => {
  let limited: RunningServer;

  beforeAll(async () => {
    limited = await startTestServer(() => site.fixture.openReadStore(), {
      pollIntervalMs: 60_000,
      webPages: true,
      searchBudgets: true,
      // One search that finds nobody at once; names found typed whole cost nothing.
      searchClientMisses: 2,
    });
  });

  afterAll(async () => {
    await limited?.close();
  });

  it('a posted search is charged for what it found, the empty form is not', async () => {
    for (let i = 0; i < 4; i++) expect((await fetch(`${limited.url}/buscar`)).status).toBe(200);
    const statuses: number[] = [];
    for (const name of ['Ane Zubia Lasa', 'Ane Zubia Lasa', 'Nadie Nada Nunca', 'Ane Zubia Lasa']) {
      const answer = await postForm(`${limited.url}/buscar`, { name, company: SCHOOL });
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    // The name found costs nothing; the miss empties the budget of misses, so the next search waits.
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
