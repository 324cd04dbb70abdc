import type { StoreFixture } from './store-fixture.js';

/** A small published dataset, written by plain SQL: years 2024, 2023 and global ready; 2022 not. */
export async function seedPublishedYears(fixture: StoreFixture): Promise<void> {
  await fixture.insertYear('2023', true);
  await fixture.insertYear('2024', true);
  await fixture.insertYear('global', true);
  await fixture.insertYear('2022', false);
  await fixture.insertStatistic({
    category: 'totalParticipantsByYear',
    year: '2024',
    publicData: '[{"year":2024,"count":3}]',
    summary: 'En **2024** participaron **3** niños.',
  });
  await fixture.insertStatistic({
    category: 'topNamesByYear',
    year: '2024',
    publicData: '[{"name":"Ane","count":2},{"name":"Jon","count":1}]',
  });
  await fixture.insertStatistic({
    category: 'intro',
    year: '2024',
    publicData: null,
    summary: 'Introducción 2024',
  });
  await fixture.insertStatistic({ category: 'namesDiversity', year: 'global', publicData: '42' });
  await fixture.insertStatistic({
    category: 'totalParticipantsByYear',
    year: '2022',
    publicData: '[{"year":2022,"count":1}]',
  });
}
