import { expect, it } from 'vitest';
import { describeEachStore } from '../support/stores.js';

const REQUIRED = "Parametros 'name' y 'company' son obligatorios";
const TOO_SHORT = 'Por favor, proporciona al menos un nombre y dos apellidos';
const NOT_FOUND = { error: 'Error: No participants found' };
const SCHOOL = 'Ikastola Txori Berri';
const q = (name: string, company = SCHOOL) =>
  `/api/participants?name=${encodeURIComponent(name)}&company=${encodeURIComponent(company)}`;

describeEachStore(
  'GET /api/participants',
  async (fixture) => {
    await fixture.insertParticipants([
      { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2019 },
      { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2024 },
      { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2022 },
      { name: 'Ane Garcia Lopezarra', school: SCHOOL, year: 2024 },
      { name: 'Ane Garcia Lopez', school: 'Colegio Santa Ana', year: 2023 },
      { name: 'Iñigo Muñoz Ibarra', school: SCHOOL, year: 2023 },
      { name: 'Jon Ander Peña Goñi', school: SCHOOL, year: 2020 },
      { name: 'Maria de la Fuente Perez', school: SCHOOL, year: 2018 },
      { name: 'Ana Ruiz_Sanz 100% Olano', school: SCHOOL, year: 2018 },
    ]);
  },
  (context) => {
    const errors: [string, string, number, string][] = [
      ['both missing', '/api/participants', 400, REQUIRED],
      ['company missing', '/api/participants?name=Ane%20Garcia%20Lopez', 400, REQUIRED],
      ['name missing', `/api/participants?company=${encodeURIComponent(SCHOOL)}`, 400, REQUIRED],
      ['name empty', `/api/participants?name=&company=${encodeURIComponent(SCHOOL)}`, 400, REQUIRED],
      ['company empty', '/api/participants?name=Ane%20Garcia%20Lopez&company=', 400, REQUIRED],
      ['two parts', q('Ane Garcia'), 400, TOO_SHORT],
      ['only whitespace', q(' \t\n '), 400, TOO_SHORT],
      ['parts joined by combining marks only', q('Ane\u0301 Garcia'), 400, TOO_SHORT],
    ];
    it.each(errors)('%s → %i', async (_title, path, status, error) => {
      const answer = await context().server.get(path);
      expect([answer.status, answer.body]).toEqual([status, { error }]);
    });

    it('finds a child by substring, case-insensitively, newest year first', async () => {
      const answer = await context().server.get(q('ane garcia lopez'));
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        participants: [
          { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2024 },
          { name: 'Ane Garcia Lopezarra', school: SCHOOL, year: 2024 },
          { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2022 },
          { name: 'Ane Garcia Lopez', school: SCHOOL, year: 2019 },
        ],
      });
    });

    const matches: [string, string, string][] = [
      ['accents in the input', 'Ané Garcíá López', 'Ane Garcia Lopez'],
      ['combining marks in the input', 'Ane\u0301 Garci\u0301a Lo\u0301pez', 'Ane Garcia Lopez'],
      ['ñ in the input matches n', 'Inigo Muñoz Ibarra', 'Iñigo Muñoz Ibarra'],
      ['n in the input matches a stored ñ', 'Inigo Munoz Ibarra', 'Iñigo Muñoz Ibarra'],
      ['upper case', 'JON ANDER PEÑA', 'Jon Ander Peña Goñi'],
      ['whitespace runs, tabs and newlines', '  Jon \t Ander\n\nPena  ', 'Jon Ander Peña Goñi'],
      ['no-break and ideographic spaces', 'Jon\u00a0Ander\u3000Pena', 'Jon Ander Peña Goñi'],
      ['a partial name inside', 'de la Fuente', 'Maria de la Fuente Perez'],
      ['literal percent and underscore', 'ruiz_sanz 100% olano', 'Ana Ruiz_Sanz 100% Olano'],
    ];
    it.each(matches)('matches with %s', async (_title, name, stored) => {
      const answer = await context().server.get(q(name));
      expect(answer.status).toBe(200);
      expect((answer.body as { participants: { name: string }[] }).participants.map((p) => p.name)).toContain(
        stored,
      );
    });

    const misses: [string, string, string?][] = [
      ['percent wildcards', '% % %'],
      ['underscore wildcards', '_ _ _'],
      ['regular expressions', '.* .* .*'],
      ['stars', '* * *'],
      ['backslashes', '\\ \\ \\'],
      ['brackets', '[a-z] [a-z] [a-z]'],
      ['parentheses', '(Ane) (Garcia) (Lopez)'],
      ['a name of another school', 'Ane Garcia Lopez', 'Colegio Nuevo'],
      ['the school differs in case', 'Ane Garcia Lopez', 'ikastola txori berri'],
      ['the school with surrounding spaces', 'Ane Garcia Lopez', ` ${SCHOOL} `],
      ['letters in another order', 'Lopez Garcia Ane'],
      ['a match that would span two names', 'Lopez Ane Garcia'],
    ];
    it.each(misses)('finds nothing for %s (500, as the spec says)', async (_title, name, company) => {
      const answer = await context().server.get(q(name, company));
      expect([answer.status, answer.body]).toEqual([500, NOT_FOUND]);
    });

    it('keeps the school exactly as stored and the first of repeated values', async () => {
      const answer = await context().server.get(
        `${q('Ane Garcia Lopez', 'Colegio Santa Ana')}&company=${encodeURIComponent(SCHOOL)}&name=x`,
      );
      expect(answer.body).toEqual({
        participants: [{ name: 'Ane Garcia Lopez', school: 'Colegio Santa Ana', year: 2023 }],
      });
    });

    it('is never cached', async () => {
      const answer = await context().server.get(q('Ane Garcia Lopez'));
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });
  },
);
