/**
 * The client at work: the published years, the top first names of the latest one, how
 * the top three fared in every edition (a comparison file) and Ane's rank in each (her name
 * file). TAMBORRADA_URL names the server (by default `npm start`'s, http://localhost:3000).
 */
import { createTamborradaClient, ServerUnreachableError, type NameFile } from '@tamborrada/client';

const client = createTamborradaClient(process.env.TAMBORRADA_URL ?? 'http://localhost:3000');

/** A count withheld by the small-count rule (fewer than k children) prints as `<k`. */
const shown = (edition: NameFile['editions'][number]) =>
  'rank' in edition ? `${edition.year} #${edition.rank}` : `${edition.year} <${edition.fewerThan}`;

async function main() {
  const years = await client.GET('/api/years');
  if (years.error) throw new Error(years.error.error);
  console.log(`Years: ${years.data.years.join(', ')}`);

  // Numeric years come first, newest first; `global` is last.
  const latest = years.data.years.find((year) => year !== 'global');
  if (latest === undefined) throw new Error('No year is published yet');

  const top = await client.GET('/api/category', {
    params: { query: { year: latest, category: 'topNamesByYear' } },
  });
  if (top.error) throw new Error(top.error.error);
  const record = top.data.stats[0];
  // The record's `category` tells which shape its `public_data` has.
  if (record?.category !== 'topNamesByYear') throw new Error('The answer holds another statistic');
  console.log(`Top names of ${latest}:`);
  for (const { name, count } of record.public_data.slice(0, 10)) console.log(`  ${name}: ${count}`);

  const topThree = record.public_data.slice(0, 3).map(({ name }) => name);
  const compared = await client.GET('/comparar/nombres.json', { params: { query: { n: topThree } } });
  if (compared.error) throw new Error(compared.error.error);
  console.log(`Editions: ${compared.data.editions.join(', ')}`);
  for (const { name, counts } of compared.data.series)
    console.log(`  ${name}: ${counts.map((count) => count ?? '-').join(', ')}`);

  // A name file's slug is the last segment of its page's address (/nombres/ane).
  const ane = await client.GET('/datos/nombres-{slug}.json', { params: { path: { slug: 'ane' } } });
  // Its 404 is the site's HTML page, not JSON: `data` alone tells.
  if (!ane.data) throw new Error(`No page for Ane (${ane.response.status})`);
  console.log(`${ane.data.name}: ${ane.data.editions.map(shown).join(', ')}`);
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ServerUnreachableError)) throw error;
  // One line, no stack trace: the address asked for and why (ECONNREFUSED, ENOTFOUND…).
  console.error(error.message);
  process.exitCode = 1;
}
