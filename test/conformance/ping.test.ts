import { expect, it } from 'vitest';
import { describeEachStore } from '../support/stores.js';

describeEachStore(
  'GET /api/ping',
  async () => {},
  (context) => {
    it('answers ok with a Spanish message', async () => {
      const answer = await context().server.get('/api/ping');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true, message: 'Servidor funcionando correctamente' });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });
  },
);
