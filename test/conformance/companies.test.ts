import { expect, it } from 'vitest';
import { describeEachStore } from '../support/stores.js';

describeEachStore(
  'GET /api/companies',
  async (fixture) => {
    const schools = [
      'Zubiaurre',
      'Ikastola Ñ',
      'Ikastola N',
      'ábside',
      'Abeto',
      'abeto',
      'Colegio Élite',
      'colegio elite',
      'Otras compañías',
    ];
    await fixture.insertParticipants(
      schools.flatMap((school, i) => [
        { name: `Niño ${i} Uno`, school, year: 2024 },
        { name: `Niña ${i} Dos`, school, year: 2023 },
      ]),
    );
  },
  (context) => {
    it('lists each school once, exactly as stored, in Spanish alphabetical order', async () => {
      const answer = await context().server.get('/api/companies');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        companies: [
          'abeto',
          'Abeto',
          'ábside',
          'colegio elite',
          'Colegio Élite',
          'Ikastola N',
          'Ikastola Ñ',
          'Otras compañías',
          'Zubiaurre',
        ],
      });
    });
  },
);

describeEachStore(
  'GET /api/companies without participants',
  async () => {},
  (context) => {
    it('answers 404', async () => {
      const answer = await context().server.get('/api/companies');
      expect([answer.status, answer.body]).toEqual([
        404,
        { error: 'No se encontraron compañías disponibles' },
      ]);
    });
  },
);
