/**
 * The typed client at work (`npm start`, then `npm run client:example`): the published years,
 * then the top first names of the latest one. TAMBORRADA_URL names another server.
 */
import { createTamborradaClient, type Schemas } from './client.js';

const client = createTamborradaClient(process.env.TAMBORRADA_URL ?? 'http://localhost:3000');

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
const ranking: Schemas['RankedItem'][] = record.public_data;

console.log(`Top names of ${latest}:`);
for (const { name, count } of ranking.slice(0, 10)) console.log(`  ${name}: ${count}`);
